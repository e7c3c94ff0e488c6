import Crypto
import Foundation
import Logging
import RosterWire
import Synchronization

/// The keys that open users' sealed sessions: the device key's row keys, and the PIN (or
/// password) keys of the users this process was given the secret of, held in memory by entry
/// (BEHAVIOURS 43-46, 50). Here it holds them and opens rows; it seals new tokens
/// (`SessionKeys+Sealing.swift`), and unlocks with wrong tries counted in the store and changes
/// PINs (`SessionKeys+Unlocking.swift`).
///
///     try await keys.unlock(user, secret: "2468")
///     let row = try keys.loggedInRow(user) // its tokens readable
final class SessionKeys: SessionCollaborator {
    let environment: SessionEnvironment
    let sealer: SessionSealer
    let secretKeyDerivation: SecretKeyDerivation
    /// Ends the server session of a user locked out by wrong tries.
    let revocations: Revocations
    /// The server's word on a password, under the `password` policy.
    let passwordCheck: PasswordCheck
    /// The server's half of `serverPIN` seals (BEHAVIOURS 55).
    let unlockKeys: UnlockKeys
    /// Keys of sessions sealed with a PIN or password, by entry: in memory only, and only for
    /// users this process has been given the secret of (the active one, in the switcher).
    private let unlockedKeys = Mutex<[String: SymmetricKey]>([:])

    init(
        environment: SessionEnvironment, sealer: SessionSealer, secretKeyDerivation: SecretKeyDerivation, revocations: Revocations,
        passwordCheck: PasswordCheck, unlockKeys: UnlockKeys
    ) {
        self.environment = environment
        self.sealer = sealer
        self.secretKeyDerivation = secretKeyDerivation
        self.revocations = revocations
        self.passwordCheck = passwordCheck
        self.unlockKeys = unlockKeys
    }

    /// Seals, with the device key, tokens an earlier version of Roster kept in clear.
    func sealLegacyTokens() throws {
        for legacy in try store.legacyTokens() {
            let sealed = try sealer.seal(
                legacy.secrets, key: sealer.deviceRowKey(userId: legacy.id), kind: .device, userId: legacy.id, entry: legacy.entry)
            try store.sealLegacyTokens(id: legacy.id, sealed: sealed, lifetime: IssuedTokens.lifetime(of: legacy.secrets.accessToken))
        }
    }

    /// Whether this process can open the row without asking for anything.
    func isUnlocked(_ row: StoredUser) -> Bool {
        guard let sealed = row.sealed else { return false }
        return !sealed.kind.needsSecret || unlockedKeys.withLock { $0[row.entry] } != nil
    }

    /// The key the row's session is sealed with, when this process has it.
    func rowKey(_ row: StoredUser) throws -> SymmetricKey {
        guard let sealed = row.sealed else { throw RosterError.userLoggedOut(row.displayName) }
        if !sealed.kind.needsSecret { return sealer.deviceRowKey(userId: row.id) }
        guard let key = unlockedKeys.withLock({ $0[row.entry] }) else {
            throw RosterError.locked(user: row.displayName, secret: sealed.secretKind)
        }
        return key
    }

    /// The row with its tokens opened (BEHAVIOURS 44, 50): a session this process has no key for
    /// is `locked`; one that does not open with the right key is reported and left as it is.
    func opened(_ row: StoredUser) throws -> StoredUser {
        guard let sealed = row.sealed else { return row }
        var open = row
        let key = try rowKey(row)
        do {
            open.secrets = try sealer.open(sealed, key: key, userId: row.id, entry: row.entry)
        } catch .otherDevice {
            throw RosterError.sealUnreadable(user: row.displayName, reason: "it was sealed on another device or under another device key")
        } catch .wrongSecret {
            // The PIN was changed by another process: the key held here is stale.
            _ = unlockedKeys.withLock { $0.removeValue(forKey: row.entry) }
            throw RosterError.locked(user: row.displayName, secret: sealed.secretKind)
        } catch .damaged {
            throw RosterError.sealUnreadable(user: row.displayName, reason: "it was changed, or moved from another user's row")
        }
        return open
    }

    /// The row opened, or `nil` when this process cannot open it without asking.
    func openedIfUnlocked(_ row: StoredUser) -> StoredUser? {
        guard row.state == .loggedIn, isUnlocked(row) else { return nil }
        return try? opened(row)
    }

    /// The stored row of a user that must be logged in, opened: its tokens readable.
    func loggedInRow(_ user: User) throws -> StoredUser {
        guard let row = user.load() else { throw RosterError.userRemoved(user.displayName) }
        guard row.state == .loggedIn, row.sealed != nil else { throw RosterError.userLoggedOut(row.displayName) }
        return try opened(row)
    }

    /// Holds the key a new session of `entry` was just sealed with.
    func hold(_ key: SymmetricKey, entry: String) {
        unlockedKeys.withLock { $0[entry] = key }
    }

    /// Drops every held key but that of `entry`: unsealed material stays in memory only while
    /// its user is active.
    func keepOnlyUnlocked(entry: String?) {
        unlockedKeys.withLock { keys in keys = keys.filter { $0.key == entry } }
    }

    /// Forgets the key of one user: it is sealed again for this process.
    func lock(_ user: User) {
        _ = unlockedKeys.withLock { $0.removeValue(forKey: user.entry) }
    }

    /// Runs slow key derivation on a Dispatch thread, not on the cooperative pool.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try work() }) }
        }
    }
}
