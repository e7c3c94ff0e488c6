import Crypto
import Foundation

/// Seals and opens sessions (BEHAVIOURS 44, 50). A row key is derived with HKDF, per user:
/// from the device key alone (`SealKind.device`), or from scrypt(PIN or password, the row's
/// salt) with the device key as HKDF salt. The box is AES-GCM with the user id, its entry on the
/// device, the seal kind and the device key's id as associated data.
///
///     let key = try sealer.secretKey("4821", salt: salt, cost: .standard, userId: id)
///     let sealed = try sealer.seal(secrets, key: key, kind: .pin, userId: id, entry: entry, salt: salt, cost: .standard)
///     let opened = try sealer.open(sealed, key: key, userId: id, entry: entry)
struct SessionSealer: Sendable {
    let deviceKey: DeviceKey
    let randomBytes: @Sendable (Int) -> [UInt8]

    static let saltBytes = 16
    private static let checkLabel = Data("roster session key check v1".utf8)

    /// Why a sealed row did not open.
    enum OpenFailure: Error, Equatable {
        /// Sealed under another device's key (copied from elsewhere, or the key file changed).
        case otherDevice
        /// The secret given is not the one it was sealed with.
        case wrongSecret
        /// The box does not open with the right key: changed, or moved from another row.
        case damaged
    }

    /// The key of a session sealed with the device key alone.
    func deviceRowKey(userId: String) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: deviceKey.key, info: Data("roster device seal v1 \(userId)".utf8), outputByteCount: 32)
    }

    /// The key of a session sealed with a PIN or password. scrypt is slow on purpose.
    func secretKey(_ secret: String, salt: Data, cost: SecretKeyDerivation, userId: String) throws -> SymmetricKey {
        let stretched = try cost.derive(secret, salt: salt)
        let deviceBytes = deviceKey.key.withUnsafeBytes { Data($0) }
        return HKDF<SHA256>.deriveKey(
            inputKeyMaterial: stretched, salt: deviceBytes, info: Data("roster secret seal v1 \(userId)".utf8),
            outputByteCount: 32)
    }

    func newSalt() -> Data { Data(randomBytes(Self.saltBytes)) }

    /// Server-assisted unlock (BEHAVIOURS 55): from scrypt(PIN, the row's salt), the PIN's half of
    /// the key and the proof the server checks, neither of which tells anything of the other.
    /// The salt never leaves the device, so the proof, or its digest, alone gives the server
    /// nothing to guess the PIN with.
    func unlockMaterial(_ pin: String, salt: Data, cost: SecretKeyDerivation) throws -> UnlockMaterial {
        let stretched = try cost.derive(pin, salt: salt)
        let half = HKDF<SHA256>.deriveKey(inputKeyMaterial: stretched, info: Data("roster unlock key v1".utf8), outputByteCount: 32)
        let proof = HKDF<SHA256>.deriveKey(inputKeyMaterial: stretched, info: Data("roster unlock proof v1".utf8), outputByteCount: 32)
        return UnlockMaterial(pinHalf: half, proof: proof.withUnsafeBytes { Data($0) })
    }

    /// The key of a `serverPIN` seal: the PIN's half and the server's, with the device key as
    /// HKDF salt, so neither the server's tables nor a guessed PIN alone open the row.
    func serverUnlockKey(pinHalf: SymmetricKey, serverHalf: Data, userId: String) -> SymmetricKey {
        let material = pinHalf.withUnsafeBytes { Data($0) } + serverHalf
        let deviceBytes = deviceKey.key.withUnsafeBytes { Data($0) }
        return HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: material), salt: deviceBytes, info: Data("roster server seal v1 \(userId)".utf8),
            outputByteCount: 32)
    }

    func seal(
        _ secrets: SessionSecrets, key: SymmetricKey, kind: SealKind, userId: String, entry: String,
        salt: Data? = nil, cost: SecretKeyDerivation? = nil
    ) throws -> SealedSession {
        let plaintext = try JSONEncoder().encode(secrets)
        let nonce = try AES.GCM.Nonce(data: Data(randomBytes(12)))
        let aad = Self.associatedData(userId: userId, entry: entry, kind: kind, sealedBy: deviceKey.id)
        let box = try AES.GCM.seal(plaintext, using: key, nonce: nonce, authenticating: aad)
        guard let combined = box.combined else { throw OpenFailure.damaged }
        let check = kind.needsSecret ? Data(HMAC<SHA256>.authenticationCode(for: Self.checkLabel, using: key)) : nil
        return SealedSession(box: combined, kind: kind, sealedBy: deviceKey.id, salt: salt, cost: cost, check: check)
    }

    /// Whether `key` is the one the row was sealed with, by its check value, in constant time.
    func matches(_ sealed: SealedSession, key: SymmetricKey) -> Bool {
        guard let check = sealed.check else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(check, authenticating: Self.checkLabel, using: key)
    }

    func open(_ sealed: SealedSession, key: SymmetricKey, userId: String, entry: String) throws(OpenFailure) -> SessionSecrets {
        guard sealed.sealedBy == deviceKey.id else { throw .otherDevice }
        if sealed.kind.needsSecret, !matches(sealed, key: key) { throw .wrongSecret }
        let aad = Self.associatedData(userId: userId, entry: entry, kind: sealed.kind, sealedBy: sealed.sealedBy)
        do {
            let box = try AES.GCM.SealedBox(combined: sealed.box)
            let plaintext = try AES.GCM.open(box, using: key, authenticating: aad)
            return try JSONDecoder().decode(SessionSecrets.self, from: plaintext)
        } catch {
            throw .damaged
        }
    }

    /// Seals a session's revocation token under the device key alone, so that the session can be
    /// ended without its PIN (after too many wrong PINs, or a log-out while locked). The token can
    /// end that session and do nothing else (docs/PROTOCOL-ADDITIONS.md).
    func sealRevocation(_ token: String, userId: String, entry: String) throws -> Data {
        let secrets = SessionSecrets(refreshToken: token, accessToken: "")
        return try seal(secrets, key: deviceRowKey(userId: userId), kind: .device, userId: userId, entry: Self.revocationEntry(entry)).box
    }

    /// The revocation token `sealRevocation` sealed for this user and entry.
    func openRevocation(_ box: Data, userId: String, entry: String) throws(OpenFailure) -> String {
        let sealed = SealedSession(box: box, kind: .device, sealedBy: deviceKey.id)
        return try open(sealed, key: deviceRowKey(userId: userId), userId: userId, entry: Self.revocationEntry(entry)).refreshToken
    }

    private static func revocationEntry(_ entry: String) -> String { "\(entry) revocation" }

    private static func associatedData(userId: String, entry: String, kind: SealKind, sealedBy: String) -> Data {
        Data(["roster session v1", userId, entry, kind.rawValue, sealedBy].joined(separator: "\u{0}").utf8)
    }
}
