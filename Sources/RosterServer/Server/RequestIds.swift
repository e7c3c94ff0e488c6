import RosterServerCore
import Synchronization

/// New request ids: a random prefix drawn once, then a counter, as 32 hex digits. An id only
/// has to be unique (it is no secret), so no request pays for a call to the system's random
/// source.
package final class RequestIds: Sendable {
    private let prefix: String
    private let counter = Atomic<UInt64>(0)

    package init(randomBytes: @Sendable (Int) -> [UInt8]) {
        prefix = Hex.encode(randomBytes(8))
    }

    package func next() -> String {
        let value = counter.add(1, ordering: .relaxed).newValue
        return prefix + Hex.encode((0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) })
    }
}
