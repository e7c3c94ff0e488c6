import Foundation
import Synchronization

/// Makes the ids and secrets the server hands out, from the environment's clock and randomness
/// so tests can make them predictable.
package struct IdentifierSource: Sendable {
    package let randomBytes: @Sendable (Int) -> [UInt8]
    /// The clock an object id's leading seconds come from.
    package let now: @Sendable () -> Date

    /// 24 lowercase hex characters, made as MongoDB makes an ObjectId: the seconds since 1970 when
    /// it was made (4 bytes, big-endian), a random value chosen once for this source (5 bytes),
    /// then a counter that starts at a random value (3 bytes, big-endian). User, device, API key,
    /// account token and document ids. Ids one server makes increase, so natural order is the
    /// order they were made in, even within one second, and the store's indexes on them grow at
    /// their end instead of taking each new id on a page of its own anywhere in the index.
    package func objectId() -> String {
        let seconds = UInt32(clamping: Int64(now().timeIntervalSince1970.rounded(.down)))
        let count = objectIds.next()
        let counter = [UInt8(truncatingIfNeeded: count >> 16), UInt8(truncatingIfNeeded: count >> 8), UInt8(truncatingIfNeeded: count)]
        return Hex.encode(withUnsafeBytes(of: seconds.bigEndian, Array.init) + objectIds.processValue + counter)
    }

    /// 128 random bits as 32 hex characters: session ids.
    package func sessionId() -> String { Hex.encode(randomBytes(16)) }

    /// A 64-hex-character (256-bit) secret: API keys.
    package func secret() -> String { Hex.encode(randomBytes(32)) }

    /// The random value and the counter every copy of this source shares.
    private let objectIds: ObjectIdSequence

    package init(randomBytes: @escaping @Sendable (Int) -> [UInt8], now: @escaping @Sendable () -> Date) {
        self.randomBytes = randomBytes
        self.now = now
        objectIds = ObjectIdSequence(randomBytes: randomBytes)
    }
}
