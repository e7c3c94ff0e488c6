import Foundation
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Object ids are made as MongoDB's are: the seconds they were made at, then random bytes.
@Suite struct IdentifierSourceTests {
    @Test func anObjectIdIsItsSecondsThenEightRandomBytes() {
        let ids = IdentifierSource(
            randomBytes: { Array(repeating: 0xab, count: $0) },
            now: { Date(timeIntervalSince1970: 1_795_000_000.75) })
        // 1,795,000,000 = 0x6afd_86c0.
        #expect(ids.objectId() == "6afd86c0abababababababab")
    }

    @Test func idsMadeLaterSortAfterEarlierOnesWhateverTheirRandomBytes() {
        let clock = TestClock()
        let random = SeededBytes()
        let ids = IdentifierSource(randomBytes: { random.next($0) }, now: { clock.now })
        var made: [String] = []
        for _ in 0..<50 {
            made.append(ids.objectId())
            clock.advance(by: 1)
        }
        #expect(made == made.sorted())
        #expect(Set(made.map { $0.suffix(16) }).count == 50, "the random part differs id by id")
        #expect(made.allSatisfy { $0.count == 24 && $0.allSatisfy(\.isHexDigit) })
    }
}

/// Bytes from a fixed seed, falling as often as rising, so that order could come from the time alone.
private final class SeededBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var state: UInt64 = 0x9e37_79b9_7f4a_7c15
    func next(_ count: Int) -> [UInt8] {
        lock.withLock {
            (0..<count).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
        }
    }
}
