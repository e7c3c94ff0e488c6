import Crypto
import Foundation
import Logging
import RosterWire
import Synchronization

/// The keys that open users' sealed sessions: the device key's row keys, and the PIN (or
/// password) keys of the users this process was given the secret of, held in memory by entry
/// (BEHAVIOURS 43-46, 50). It opens rows, seals new tokens, unlocks with wrong tries counted in
/// the store, and changes PINs.
///
///     try await keys.unlock(user, secret: "2468")
///     let row = try keys.loggedInRow(user) // its tokens readable
final class SessionKeys: Sendable {
    let sealer: SessionSealer
    let secretKeyDerivation: SecretKeyDerivation
    let store: any DeviceSessionStore & SecretTryStore & DevicePolicyStore
    let clock: any RosterClock
    let history: DeviceHistory
    let changes: ChangePublisher
    /// Ends the server session of a user locked out by wrong tries.
    let revocations: Revocations
    /// The server's word on a password, under the `password` policy.
    let passwordCheck: PasswordCheck
    /// The server's half of `serverPIN` seals (BEHAVIOURS 55).
    let unlockKeys: UnlockKeys
    let logger: Logger
    /// Keys of sessions sealed with a PIN or password, by entry: in memory only, and only for
    /// users this process has been given the secret of (the active one, in the switcher).
    private let unlockedKeys = Mutex<[String: SymmetricKey]>([:])

    init(
        sealer: SessionSealer, secretKeyDerivation: SecretKeyDerivation,
        store: any DeviceSessionStore & SecretTryStore & DevicePolicyStore, clock: any RosterClock,
        history: DeviceHistory, changes: ChangePublisher, revocations: Revocations, passwordCheck: PasswordCheck,
        unlockKeys: UnlockKeys, logger: Logger
    ) {
        self.sealer = sealer
        self.secretKeyDerivation = secretKeyDerivation
        self.store = store
        self.clock = clock
        self.history = history
        self.changes = changes
        self.revocations = revocations
        self.passwordCheck = passwordCheck
        self.unlockKeys = unlockKeys
        self.logger = logger
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

    /// Checks a user's PIN (or password) and holds its key in memory (BEHAVIOURS 43, 45). Each
    /// try is counted in the store before its key is derived, in the transaction that checks the
    /// wait, so another process does not start afresh and tries made at once are each counted:
    /// after three wrong ones, each try must wait; after ten, the user is logged out on the
    /// device. A right one clears the count here (not the server's, under `--unlock server`: its
    /// report says how many wrong PINs the server was sent since the last unlock).
    @discardableResult
    func unlock(_ user: User, secret: String) async throws -> UnlockReport {
        guard let row = user.load() else { throw RosterError.userRemoved(user.displayName) }
        guard row.state == .loggedIn, let sealed = row.sealed else { throw RosterError.userLoggedOut(row.displayName) }
        guard sealed.kind.needsSecret else { return UnlockReport(user: row.displayName) }
        let kind = sealed.secretKind
        let now = clock.now()
        let count: Int
        switch try store.beginSecretTry(id: row.id, entry: row.entry, at: now, delay: { WrongSecretLimits.delay(after: $0) }) {
        case .gone: throw RosterError.userRemoved(row.displayName)
        case .waiting(let retryAt):
            throw RosterError.secretDelayed(user: row.displayName, secret: kind, seconds: Int(retryAt.timeIntervalSince(now).rounded(.up)))
        case .counted(let tries): count = tries
        }
        // Under `password`, the server checks it (BEHAVIOURS 43): a password changed or an
        // account disabled since is refused even though the seal here would still open.
        var serverAccepted = false
        if sealed.kind == .password, let email = row.profile["email"]?.stringValue {
            switch try await passwordCheck.check(email: email, password: secret) {
            case .refused: try await wrongSecret(user, row: row, kind: kind, count: count)
            case .accepted: serverAccepted = true
            case .unreachable: break
            }
        }
        guard let salt = sealed.salt, let cost = sealed.cost else {
            throw RosterError.sealUnreadable(user: row.displayName, reason: "its key derivation is missing")
        }
        let key: SymmetricKey
        var report = UnlockReport(user: row.displayName)
        if sealed.kind == .serverPIN {
            (key, report) = try await serverKey(user, row: row, sealed: sealed, secret: secret, count: count)
        } else {
            key = try await Self.offThePool { [sealer] in try sealer.secretKey(secret, salt: salt, cost: cost, userId: row.id) }
        }
        guard sealer.matches(sealed, key: key) else {
            if serverAccepted {
                try store.clearWrongSecrets(id: row.id, entry: row.entry)
                throw RosterError.invalidRequest(
                    "\(row.displayName)'s password changed since they logged in here; log them in again with the new one")
            }
            try await wrongSecret(user, row: row, kind: kind, count: count)
        }
        try store.clearWrongSecrets(id: row.id, entry: row.entry)
        hold(key, entry: row.entry)
        // A right key that does not open the box means the row was changed: say so, hold nothing.
        do {
            _ = try opened(row)
        } catch {
            lock(user)
            throw error
        }
        history.record(.unlocked, userId: row.id, name: row.displayName)
        if report.wrongPINsSinceLastUnlock > 0 {
            history.record(.wrongPINsReported, userId: row.id, name: report.historyLine)
            logger.notice("wrong PINs since the last unlock", metadata: ["user": "\(row.id)", "count": "\(report.wrongPINsSinceLastUnlock)"])
        }
        return report
    }

    /// The key of a `serverPIN` seal (BEHAVIOURS 55): the PIN's half from the PIN, and the
    /// server's, which it gives only to a right proof and counts wrong ones of. The server's count
    /// is the one that matters (a copy of this device counts there too, and a right PIN does not
    /// clear it): its tenth wrong proof erases its half and ends the session, and the person logs
    /// in again. With the half comes what the server counted since the last unlock, for the
    /// person to be told. A server that cannot be reached opens nothing: there is no other way in.
    private func serverKey(
        _ user: User, row: StoredUser, sealed: SealedSession, secret: String, count: Int
    ) async throws -> (SymmetricKey, UnlockReport) {
        guard let salt = sealed.salt, let cost = sealed.cost, let unlockId = sealed.unlockId else {
            throw RosterError.sealUnreadable(user: row.displayName, reason: "its unlock key is missing")
        }
        let material = try await Self.offThePool { [sealer] in try sealer.unlockMaterial(secret, salt: salt, cost: cost) }
        let answer: UnlockKeys.Answer
        do {
            answer = try await unlockKeys.release(unlockId: unlockId, proof: material.proof)
        } catch let error as RosterError {
            guard case .network(let why) = error else { throw error }
            throw RosterError.unlockUnreachable(user: row.displayName, reason: why)
        }
        switch answer {
        case .released(let serverHalf, let wrongProofs, let triesLeft):
            let report = UnlockReport(user: row.displayName, wrongPINsSinceLastUnlock: wrongProofs, triesLeft: triesLeft)
            return (sealer.serverUnlockKey(pinHalf: material.pinHalf, serverHalf: serverHalf, userId: row.id), report)
        case .wrong(let triesLeft):
            try await wrongSecret(user, row: row, kind: .pin, count: max(count, WrongSecretLimits.logOutAfter - triesLeft))
        case .erased:
            try await wrongSecret(user, row: row, kind: .pin, count: WrongSecretLimits.logOutAfter)
        case .unknown:
            let ended = try store.endSession(id: row.id, entry: row.entry, remove: row.isAnonymous, onlyIfBox: nil, chooseNext: false)
            lock(user)
            if row.isAnonymous { user.markRemoved() }
            history.record(.sessionEnded, userId: row.id, name: row.displayName)
            changes.publish(row.isAnonymous ? .removed : .loggedOut, userId: row.id, currentUserId: ended?.currentUserId)
            throw RosterError.sessionExpired(user: row.displayName, reason: "the server no longer holds the other half of its key")
        }
    }

    /// A try found wrong, already counted as the `count`th: said, and at ten the session ends.
    private func wrongSecret(_ user: User, row: StoredUser, kind: SecretKind, count: Int) async throws -> Never {
        history.record(.wrongSecret, userId: row.id, name: row.displayName)
        logger.notice("wrong secret", metadata: ["user": "\(row.id)", "count": "\(count)"])
        if count >= WrongSecretLimits.logOutAfter {
            // The refresh token is sealed with the PIN nobody gave: the server session ends with
            // the revocation token kept under the device key (docs/SECURITY.md).
            let ended = try store.endSession(id: row.id, entry: row.entry, remove: row.isAnonymous, onlyIfBox: nil, chooseNext: false)
            lock(user)
            if row.isAnonymous { user.markRemoved() }
            history.record(.lockedOut, userId: row.id, name: row.displayName)
            changes.publish(row.isAnonymous ? .removed : .loggedOut, userId: row.id, currentUserId: ended?.currentUserId)
            if let ended {
                let unopened = Result<StoredUser, any Error> { throw RosterError.tooManyWrongSecrets(user: row.displayName, secret: kind) }
                _ = await revocations.revokeOrQueue(unopened, row: ended.before)
            }
            throw RosterError.tooManyWrongSecrets(user: row.displayName, secret: kind)
        }
        throw RosterError.wrongSecret(user: row.displayName, secret: kind, remaining: WrongSecretLimits.logOutAfter - count)
    }

    /// How a log-in under the device's policy seals its session: the kind, and the secret-derived
    /// key material, made before anything is stored (scrypt is slow; no transaction waits on it).
    struct SealPlan: Sendable {
        var kind: SealKind
        /// For a `serverPIN` plan, only once `withServerHalf` has made it.
        var key: SymmetricKey
        var salt: Data?
        var cost: SecretKeyDerivation?
        /// For a `serverPIN` plan: the PIN's half and proof, until the server gives its half.
        var pending: UnlockMaterial? = nil
        var unlockId: String? = nil
    }

    /// The seal for a user's new session under `policy`: the device key under `open`; the user's
    /// password for email users under `password`; a PIN otherwise, which must then be given, and
    /// with `unlock: .server` also the server's half (`withServerHalf`, once the session exists).
    func sealPlan(
        userId: String, policy: SwitchingPolicy, credentials: Credentials?, secret: String?, unlock: UnlockMode = .device
    ) async throws -> SealPlan {
        var kind: SealKind = .device
        var material = secret
        switch policy {
        case .open: kind = .device
        case .pin: kind = .pin
        case .password:
            if case .emailPassword(_, let password) = credentials {
                kind = .password
                material = password
            } else {
                kind = .pin
            }
        }
        guard kind.needsSecret else { return SealPlan(kind: .device, key: sealer.deviceRowKey(userId: userId)) }
        guard let material else { throw RosterError.invalidRequest(Self.pinNeeded(policy)) }
        if kind == .pin, let problem = PINRule.problem(with: material) { throw RosterError.invalidRequest(problem) }
        let salt = sealer.newSalt()
        let cost = secretKeyDerivation
        if kind == .pin, unlock == .server {
            let pending = try await Self.offThePool { [sealer] in try sealer.unlockMaterial(material, salt: salt, cost: cost) }
            return SealPlan(kind: .serverPIN, key: pending.pinHalf, salt: salt, cost: cost, pending: pending)
        }
        let key = try await Self.offThePool { [sealer] in try sealer.secretKey(material, salt: salt, cost: cost, userId: userId) }
        return SealPlan(kind: kind, key: key, salt: salt, cost: cost)
    }

    /// A `serverPIN` plan made whole: the session's unlock key made on the server (with its
    /// refresh token), and the seal's key from both halves. Other plans as they are.
    func withServerHalf(_ plan: SealPlan, userId: String, refreshToken: String) async throws -> SealPlan {
        guard let pending = plan.pending else { return plan }
        let made = try await unlockKeys.create(proofDigest: pending.proofDigest, refreshToken: refreshToken)
        var whole = plan
        whole.key = sealer.serverUnlockKey(pinHalf: pending.pinHalf, serverHalf: made.serverHalf, userId: userId)
        whole.unlockId = made.unlockId
        whole.pending = nil
        return whole
    }

    static func pinNeeded(_ policy: SwitchingPolicy) -> String {
        "this device's policy is '\(policy.rawValue)': a new user chooses a PIN of at least \(PINRule.minimumDigits) digits"
    }

    func seal(_ secrets: SessionSecrets, plan: SealPlan, userId: String, entry: String) throws -> SealedSession {
        guard plan.pending == nil else { throw RosterError.invalidRequest("the server's half of the key was not asked for") }
        var sealed = try sealer.seal(secrets, key: plan.key, kind: plan.kind, userId: userId, entry: entry, salt: plan.salt, cost: plan.cost)
        sealed.unlockId = plan.unlockId
        return sealed
    }

    /// Seals tokens with the device key alone, as the `open` policy keeps them.
    func sealWithDeviceKey(_ secrets: SessionSecrets, userId: String, entry: String) throws -> SealedSession {
        try sealer.seal(secrets, key: sealer.deviceRowKey(userId: userId), kind: .device, userId: userId, entry: entry)
    }

    /// Seals new tokens for a row with the key it is sealed with now (a refresh, a link).
    func reseal(_ row: StoredUser, with secrets: SessionSecrets) throws -> SealedSession {
        guard let sealed = row.sealed else { throw RosterError.userLoggedOut(row.displayName) }
        var resealed = try sealer.seal(
            secrets, key: try rowKey(row), kind: sealed.kind, userId: row.id, entry: row.entry, salt: sealed.salt, cost: sealed.cost)
        resealed.unlockId = sealed.unlockId
        return resealed
    }

    /// Changes a user's PIN: the old one first (counted like any other), then a new seal
    /// (BEHAVIOURS 46).
    func changePIN(_ user: User, old: String, new: String) async throws {
        if let problem = PINRule.problem(with: new) { throw RosterError.invalidRequest(problem) }
        guard let before = user.load(), before.state == .loggedIn, let sealed = before.sealed else {
            throw RosterError.userLoggedOut(user.displayName)
        }
        guard sealed.kind == .pin || sealed.kind == .serverPIN else {
            throw RosterError.invalidRequest("\(before.displayName) has no PIN on this device (policy: \(try store.policy().switching.rawValue))")
        }
        try await unlock(user, secret: old)
        let row = try loggedInRow(user)
        guard let secrets = row.secrets else { throw RosterError.userLoggedOut(row.displayName) }
        // The new PIN is checked where the device's policy says now (a new unlock key replaces
        // the last on the server): changing one's PIN is how a session moves to `--unlock server`.
        let unlock = try store.policy().unlock
        let plan = try await withServerHalf(
            try await sealPlan(userId: row.id, policy: .pin, credentials: nil, secret: new, unlock: unlock), userId: row.id,
            refreshToken: secrets.refreshToken)
        let resealed = try seal(secrets, plan: plan, userId: row.id, entry: row.entry)
        guard try store.storeSession(id: row.id, entry: row.entry, replacing: sealed.box, sealed: resealed, receivedAt: nil, lifetime: nil) != nil
        else { throw RosterError.invalidRequest("\(row.displayName)'s session changed meanwhile; try again") }
        hold(plan.key, entry: row.entry)
        history.record(.pinChanged, userId: row.id, name: row.displayName)
    }

    /// Runs slow key derivation on a Dispatch thread, not on the cooperative pool.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try work() }) }
        }
    }
}
