import Foundation

/// The device's one idle clock (BEHAVIOURS 52): every switcher records its keys here and locks
/// only when the whole device has been idle, and a lock made in one switcher is followed by the
/// others.
extension App {
    /// The device's last activity and last idle lock, as every process here shares them.
    public func deviceActivity() throws -> DeviceActivity {
        try store.activity()
    }

    /// Someone is at a switcher now: the device's idle clock starts again. Log-ins and switches
    /// record it themselves.
    public func recordActivity() throws {
        try store.recordActivity(at: clock.now())
    }

    /// The idle lock (BEHAVIOURS 47), only if nothing happened on the device since `idleSince`:
    /// this process drops the active user's key, and the lock is recorded for every other
    /// switcher to follow (one history line, whichever switcher locks first). Nothing is locked
    /// when someone was active meanwhile.
    @discardableResult
    public func idleLock(idleSince: Date) throws -> IdleLockOutcome {
        let current = currentUser
        let outcome = try store.markIdleLocked(userId: current?.id, at: clock.now(), idleSince: idleSince)
        if outcome == .someoneActive { return outcome }
        current?.lock()
        if outcome == .locked { recordHistory(.locked, user: current) }
        return outcome
    }

    /// Follows a lock another switcher made: this process drops the active user's key too.
    /// Nothing is recorded: the switcher that locked did.
    public func followIdleLock() {
        currentUser?.lock()
    }

    /// The kiosk setting of the idle lock (BEHAVIOURS 47): nobody active and every key this
    /// process holds dropped, only if nothing happened on the device since `idleSince`; nothing
    /// changes when someone was active meanwhile, and nothing more is recorded when another
    /// switcher already left nobody active.
    @discardableResult
    public func deactivate(ifIdleSince idleSince: Date) throws -> IdleLockOutcome {
        let previous = currentUser
        let outcome = try store.clearCurrentUserIfIdle(since: idleSince)
        switch outcome {
        case .locked: afterDeactivating(previous)
        case .lockedElsewhere: keys.keepOnlyUnlocked(entry: nil)
        case .someoneActive: break
        }
        return outcome
    }
}
