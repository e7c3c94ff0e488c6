/// Makes the ids and secrets the server hands out, from the environment's randomness so tests
/// can make them predictable.
struct IdentifierSource: Sendable {
    let randomBytes: @Sendable (Int) -> [UInt8]

    /// 24 lowercase hex characters, like a MongoDB ObjectId: user, device, API key and document ids.
    func objectId() -> String { Hex.encode(randomBytes(12)) }

    /// 128 random bits as 32 hex characters: session ids.
    func sessionId() -> String { Hex.encode(randomBytes(16)) }

    /// A 64-hex-character (256-bit) secret: API keys.
    func secret() -> String { Hex.encode(randomBytes(32)) }
}
