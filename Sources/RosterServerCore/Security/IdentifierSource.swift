import Foundation

/// Makes the ids and secrets the server hands out, from the environment's clock and randomness
/// so tests can make them predictable.
package struct IdentifierSource: Sendable {
    package let randomBytes: @Sendable (Int) -> [UInt8]
    /// The clock an object id's leading seconds come from.
    package let now: @Sendable () -> Date

    /// 24 lowercase hex characters, made as a MongoDB ObjectId is: the seconds since 1970 when it
    /// was made (4 bytes, big-endian), then 8 random bytes. User, device, API key, account token
    /// and document ids. Ids made later sort after earlier ones, so the store's indexes on them
    /// grow at their end instead of taking each new id on a page of its own anywhere in the index.
    package func objectId() -> String {
        let seconds = UInt32(clamping: Int64(now().timeIntervalSince1970.rounded(.down)))
        return Hex.encode(withUnsafeBytes(of: seconds.bigEndian, Array.init) + randomBytes(8))
    }

    /// 128 random bits as 32 hex characters: session ids.
    package func sessionId() -> String { Hex.encode(randomBytes(16)) }

    /// A 64-hex-character (256-bit) secret: API keys.
    package func secret() -> String { Hex.encode(randomBytes(32)) }

    package init(randomBytes: @escaping @Sendable (Int) -> [UInt8], now: @escaping @Sendable () -> Date) {
        self.randomBytes = randomBytes
        self.now = now
    }
}
