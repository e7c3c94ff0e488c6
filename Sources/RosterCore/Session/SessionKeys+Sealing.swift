import Crypto
import Foundation
import RosterWire

/// Sealing a new session's tokens under the device's policy, and sealing refreshed tokens with
/// the key a row is sealed with now (BEHAVIOURS 44, 55).
extension SessionKeys {
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
}
