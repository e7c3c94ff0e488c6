import Foundation

/// Which key a session is sealed with.
enum SealKind: String, Sendable, Equatable {
    /// The device key alone (`open` policy).
    case device
    /// A key derived from the user's PIN and the device key.
    case pin
    /// A key derived from the user's password and the device key (`password` policy, email users).
    case password
    /// Server-assisted unlock: a key from the user's PIN, the device key and a half that only the
    /// server holds, given to a right proof of the PIN (`--unlock server`; BEHAVIOURS 55).
    case serverPIN = "pin-server"

    /// Whether opening it needs something the user knows.
    var needsSecret: Bool { self != .device }
}

/// A user's `SessionSecrets` as the device store keeps them: AES-GCM sealed, bound to the user,
/// its stay on the device and the device key, so a row edited, moved to another user or copied
/// from another device does not open.
struct SealedSession: Sendable, Equatable {
    /// Nonce, ciphertext and tag (`AES.GCM.SealedBox.combined`).
    var box: Data
    var kind: SealKind
    /// The id of the device key it was sealed under.
    var sealedBy: String
    /// For secret-derived keys: the scrypt salt, its cost, and a check value that tells a wrong
    /// PIN apart from a damaged row without opening the box.
    var salt: Data?
    var cost: SecretKeyDerivation?
    var check: Data?
    /// For `serverPIN`: the unlock id the server knows the key by (a secret: with it, wrong
    /// proofs could be sent to end the session).
    var unlockId: String? = nil
}

extension SealedSession {
    /// What the user gives to open a session sealed this way.
    var secretKind: SecretKind { kind == .password ? .password : .pin }
}
