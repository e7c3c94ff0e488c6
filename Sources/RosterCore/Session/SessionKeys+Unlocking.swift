import Crypto
import Foundation
import RosterWire

/// Unlocking with a PIN or password, and changing a PIN: each try counted in the store before
/// its key is derived, wrong ones said and, at ten, the session ended (BEHAVIOURS 43, 45, 46, 55).
extension SessionKeys {
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
            let reason = "the server no longer holds the other half of its key"
            history.record(.sessionEnded, userId: row.id, name: row.displayName, reason: reason)
            changes.publish(row.isAnonymous ? .removed : .loggedOut, userId: row.id, currentUserId: ended?.currentUserId)
            throw RosterError.sessionExpired(user: row.displayName, reason: reason)
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
}
