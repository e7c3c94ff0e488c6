import Foundation
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Object ids are made as MongoDB's are: the seconds they were made at, a random value chosen
/// once, then a counter.
@Suite struct IdentifierSourceTests {
    @Test func anObjectIdIsItsSecondsTheServersRandomValueThenACounter() {
        let ids = IdentifierSource(
            randomBytes: { Array(repeating: 0xab, count: $0) },
            now: { Date(timeIntervalSince1970: 1_795_000_000.75) })
        // 1,795,000,000 = 0x6afd_86c0; the counter starts at the random 0xababab.
        #expect(ids.objectId() == "6afd86c0abababababababab")
        #expect(ids.objectId() == "6afd86c0abababababababac")
        let copy = ids
        #expect(copy.objectId() == "6afd86c0abababababababad", "copies of one source share its counter")
    }

    @Test func idsMadeInOneSecondIncreaseAndDifferInTheirLastBytes() {
        let random = SeededBytes()
        let ids = IdentifierSource(randomBytes: { random.next($0) }, now: { Date(timeIntervalSince1970: 1_795_000_000) })
        let made = (0..<1_000).map { _ in ids.objectId() }
        #expect(made == made.sorted(), "natural order is the order they were made in")
        #expect(Set(made).count == made.count)
        #expect(Set(made.map { $0.prefix(18) }).count == 1, "one second, one server: only the counter differs")
        #expect(made.allSatisfy { $0.count == 24 && $0.allSatisfy(\.isHexDigit) })
    }

    @Test func idsMadeLaterSortAfterEarlierOnesAndTheCounterWrapsAt24Bits() {
        let clock = TestClock()
        let ids = IdentifierSource(randomBytes: { Array(repeating: 0xff, count: $0) }, now: { clock.now })
        let first = ids.objectId()
        clock.advance(by: 1)
        let second = ids.objectId()
        #expect(first.hasSuffix("ffffffffffffff"))
        #expect(second.hasSuffix("ffffffffff000000"), "the counter wraps from ffffff to 000000")
        #expect(first < second, "a later second sorts after, whatever the counter")
    }

    @Test func twoServersMakeDifferentIdsInTheSameSecond() {
        let random = SeededBytes()
        let now = { @Sendable in Date(timeIntervalSince1970: 1_795_000_000) }
        let one = IdentifierSource(randomBytes: { random.next($0) }, now: now)
        let other = IdentifierSource(randomBytes: { random.next($0) }, now: now)
        #expect(one.objectId().dropFirst(8).prefix(10) != other.objectId().dropFirst(8).prefix(10))
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
