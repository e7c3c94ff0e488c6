import Testing

@testable import RosterCore

/// Which spans of store revisions the store watcher takes for this process's own (BEHAVIOURS 40).
@Suite struct OwnRevisionsTests {
    @Test func aSpanIsOursOnlyWhenEveryRevisionInItIs() {
        var own = OwnRevisions()
        for revision in [8, 9, 10] { own.insert(revision) }
        #expect(own.containsEvery(after: 7, through: 8), "a look between two writes of ours")
        #expect(own.containsEvery(after: 7, through: 10))
        #expect(own.containsEvery(after: 8, through: 9))
        #expect(!own.containsEvery(after: 6, through: 8), "7 was another process's")
        #expect(!own.containsEvery(after: 9, through: 11), "11 was another process's")
        #expect(!own.containsEvery(after: 10, through: 10) && !own.containsEvery(after: 10, through: 9), "no span, or one gone back")
        #expect(!own.containsEvery(after: .min, through: .max), "no trap on a span beyond Int")
        own.remove(9)
        #expect(!own.containsEvery(after: 7, through: 10), "a write that did not commit is not ours")
    }

    @Test func onlyTheLatestRevisionsAreKept() {
        var own = OwnRevisions()
        for revision in 1...(OwnRevisions.capacity + 10) { own.insert(revision) }
        #expect(own.containsEvery(after: 10, through: OwnRevisions.capacity + 10))
        #expect(!own.containsEvery(after: 9, through: 11), "10 is no longer known")
    }
}
