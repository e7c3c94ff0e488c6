import Foundation
import Testing
@testable import RosterServerCore

/// How failed attempts are counted, without a store: in a row, and within the hour that began
/// with the first of them.
@Suite struct AttemptCountRuleTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let key = AttemptKey(scope: "login", kind: .account, value: "ann@example.com")

    @Test func theFirstFailureStartsBothCountsAndTheHour() {
        #expect(AttemptCountRule.counts(after: nil, key: key, now: now)
            == AttemptCounts(key: key, inARow: 1, inHour: 1, hourStartedAt: now, now: now))
    }

    @Test func aFailureWithinTheHourAddsToBoth() {
        let started = now.addingTimeInterval(-3599)
        #expect(AttemptCountRule.counts(after: (inARow: 4, hourStartedAt: started, inHour: 3), key: key, now: now)
            == AttemptCounts(key: key, inARow: 5, inHour: 4, hourStartedAt: started, now: now))
    }

    @Test func aFailureAnHourOnStartsANewHourButStaysInARow() {
        let started = now.addingTimeInterval(-3600)
        #expect(AttemptCountRule.counts(after: (inARow: 4, hourStartedAt: started, inHour: 3), key: key, now: now)
            == AttemptCounts(key: key, inARow: 5, inHour: 1, hourStartedAt: now, now: now))
    }

    @Test func theLatestWaitOfSeveralKeysIsKept() {
        let soon = now.addingTimeInterval(60)
        let later = now.addingTimeInterval(600)
        #expect(AttemptCountRule.later(nil, nil) == nil)
        #expect(AttemptCountRule.later(nil, soon) == soon)
        #expect(AttemptCountRule.later(soon, nil) == soon)
        #expect(AttemptCountRule.later(soon, later) == later)
        #expect(AttemptCountRule.later(later, soon) == later)
        #expect([soon, nil, later, nil].reduce(nil, AttemptCountRule.later) == later)
    }

    @Test func aCountsHourIsOverAnHourAfterItStarted() {
        #expect(AttemptCountRule.hourOver(at: now) == now.addingTimeInterval(-3600))
    }
}
