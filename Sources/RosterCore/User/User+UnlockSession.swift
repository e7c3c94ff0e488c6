import Foundation

/// Unlock sessions (`UnlockSessions`): one right PIN, then a short-lived value that later
/// processes give instead of the PIN, on this device only, until it goes unused for its idle time.
extension User {
    /// The default idle time of an unlock session: 10 minutes.
    public static let unlockSessionIdleDefault: TimeInterval = 600
    /// The longest idle time an unlock session may be given: a day.
    public static var unlockSessionIdleLongest: TimeInterval { UnlockSessions.longestIdle }

    /// A value that unlocks this user in later processes of this device until it goes unused for
    /// `idle` seconds. The user must be unlocked in this process (`unlock(secret:)`) and sealed
    /// with a PIN or password.
    public func startUnlockSession(idle: TimeInterval = User.unlockSessionIdleDefault) throws -> String {
        guard let row = load(), row.state == .loggedIn, let sealed = row.sealed else { throw RosterError.userLoggedOut(displayName) }
        guard sealed.kind.needsSecret else {
            throw RosterError.invalidRequest("\(row.displayName)'s session is not sealed with a PIN here, so there is nothing to unlock")
        }
        let key = try keys.rowKey(row)
        return try unlockSessions.issue(userId: row.id, entry: row.entry, rowKey: key, idle: idle, now: clock.now())
    }

    /// Unlocks this user for this process with a value `startUnlockSession` gave on this device,
    /// its idle time started again. A value of another device, ended, idle too long, of another
    /// user, or made before the PIN changed is refused in words and unlocks nothing. A value
    /// made for another user is no concern of this one: false, and nothing unlocked.
    @discardableResult
    public func unlock(session value: String) throws -> Bool {
        guard let row = load(), row.state == .loggedIn, let sealed = row.sealed else { throw RosterError.userLoggedOut(displayName) }
        guard sealed.kind.needsSecret else { return true }
        let opened: UnlockSessions.Opened
        do {
            opened = try unlockSessions.open(value, userId: row.id, now: clock.now())
        } catch .otherUser {
            return false
        } catch {
            throw RosterError.invalidRequest(error.description)
        }
        guard opened.entry == row.entry, keys.sealer.matches(sealed, key: opened.key) else {
            unlockSessions.end(value)
            throw RosterError.invalidRequest("ROSTER_SESSION was made before \(row.displayName)'s PIN or session changed; run roster unlock again")
        }
        keys.hold(opened.key, entry: row.entry)
        do {
            _ = try keys.opened(row)
        } catch {
            lock()
            throw error
        }
        return true
    }

    /// Ends the unlock session `value` names, on this device.
    public func endUnlockSession(_ value: String) {
        unlockSessions.end(value)
    }

    private var unlockSessions: UnlockSessions {
        UnlockSessions(
            directory: environment.files.directory.appendingPathComponent("unlock-sessions", isDirectory: true),
            deviceKey: keys.sealer.deviceKey, randomBytes: keys.sealer.randomBytes)
    }
}
