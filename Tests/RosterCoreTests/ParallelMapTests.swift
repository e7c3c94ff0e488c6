import Testing
@testable import RosterCore

/// The map that reads many stored users on every core keeps order and errors.
@Suite struct ParallelMapTests {
    struct Odd: Error {}

    @Test func keepsOrderForEveryCountAroundTheChunking() throws {
        for count in [0, 1, 127, 128, 129, 786, 1024, 1025, 10_003] {
            let items = Array(0..<count)
            #expect(try items.parallelMap { $0 * 2 } == items.map { $0 * 2 }, "count \(count)")
        }
    }

    @Test func rethrowsAnError() {
        #expect(throws: Odd.self) { try Array(0..<1000).parallelMap { if $0 == 777 { throw Odd() }; return $0 } }
    }
}
