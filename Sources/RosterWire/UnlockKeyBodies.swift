import Foundation

/// Roster's server-assisted unlock (docs/PROTOCOL-ADDITIONS.md, "Unlock keys"): the bodies of
/// `POST /auth/unlock_keys` (with the session's refresh token) and `POST /auth/unlock_keys/unlock`
/// (with no token: the unlock id and the proof are the credentials). Binary values are standard
/// base64 of 32 bytes; the unlock id is 64 hexadecimal characters and travels only in bodies,
/// never in a path that a log could keep.
public struct UnlockKeyRequest: Codable, Sendable, Equatable {
    /// SHA-256 of the PIN proof, base64.
    public var proofDigest: String

    public init(proofDigest: String) { self.proofDigest = proofDigest }

    public enum CodingKeys: String, CodingKey { case proofDigest = "proof_digest" }
}

/// The made key: its id (a secret the device keeps) and the server's half, which the device uses
/// once to seal and then forgets.
public struct UnlockKeyCreated: Codable, Sendable, Equatable {
    public var unlockId: String
    public var serverHalf: String

    public init(unlockId: String, serverHalf: String) {
        self.unlockId = unlockId
        self.serverHalf = serverHalf
    }

    public enum CodingKeys: String, CodingKey {
        case unlockId = "unlock_id"
        case serverHalf = "server_half"
    }
}

/// A PIN proof against an unlock key.
public struct UnlockRequest: Codable, Sendable, Equatable {
    public var unlockId: String
    /// The proof, base64.
    public var proof: String

    public init(unlockId: String, proof: String) {
        self.unlockId = unlockId
        self.proof = proof
    }

    public enum CodingKeys: String, CodingKey {
        case unlockId = "unlock_id"
        case proof
    }
}

/// The answer to a right proof: the server's half; the wrong proofs the key was sent since its
/// last release (from this device or a copy of it), and how many more wrong ones erase it (a
/// right proof does not clear the count). Both are absent from servers that do not count so.
public struct UnlockReleased: Codable, Sendable, Equatable {
    public var serverHalf: String
    public var wrongProofs: Int?
    public var triesLeft: Int?

    public init(serverHalf: String, wrongProofs: Int? = nil, triesLeft: Int? = nil) {
        self.serverHalf = serverHalf
        self.wrongProofs = wrongProofs
        self.triesLeft = triesLeft
    }

    public enum CodingKeys: String, CodingKey {
        case serverHalf = "server_half"
        case wrongProofs = "wrong_proofs"
        case triesLeft = "tries_left"
    }
}

/// The answer to a wrong proof (401): the protocol's error body, and how many more wrong proofs
/// erase the server's half and end the session.
public struct UnlockRefused: Codable, Sendable, Equatable {
    public var error: String
    public var errorCode: String
    public var triesLeft: Int

    public init(triesLeft: Int) {
        error = "wrong PIN"
        errorCode = Self.code
        self.triesLeft = triesLeft
    }

    public static let code = "WrongUnlockProof"

    public enum CodingKeys: String, CodingKey {
        case error
        case errorCode = "error_code"
        case triesLeft = "tries_left"
    }
}
