import Foundation
import Testing

@testable import RosterCore

/// The rule for retrying a failed refresh: doubling waits, and after a lost answer every try
/// sent within the budget, each leaving room for the next.
@Suite("Refresh retry rule")
struct RefreshRetryRuleTests {
    let rule = RefreshRetryRule(retries: 3, firstDelay: 0.5, budget: 10)

    // BEHAVIOURS 28
    @Test func waitsDoubleAndFollowTheServersRetryAfterWhileNoAnswerWasLost() {
        #expect(rule.wait(afterAttempt: 0, elapsed: nil, serverDelay: nil) == 0.5)
        #expect(rule.wait(afterAttempt: 2, elapsed: nil, serverDelay: nil) == 2)
        #expect(rule.wait(afterAttempt: 0, elapsed: nil, serverDelay: 30) == 30)
        #expect(rule.wait(afterAttempt: 3, elapsed: nil, serverDelay: nil) == nil)
    }

    // BEHAVIOURS 28
    @Test func afterALostAnswerNoTryIsSentPastTheBudget() {
        #expect(rule.timeout(elapsed: 0) == 7.5)
        #expect(rule.wait(afterAttempt: 0, elapsed: 7.5, serverDelay: nil) == 0.5)
        #expect(rule.timeout(elapsed: 8) == 1.5)
        #expect(rule.wait(afterAttempt: 1, elapsed: 9.5, serverDelay: nil) == nil)
        #expect(rule.wait(afterAttempt: 0, elapsed: 1, serverDelay: 30) == nil)
        #expect(rule.timeout(elapsed: 12) == 1)
    }
}
