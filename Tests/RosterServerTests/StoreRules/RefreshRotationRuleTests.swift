import Foundation
import Testing
@testable import RosterServerCore

/// The decision behind every refresh of a rotating session, without a store: what the session
/// becomes and what the refresh is answered, for each token that can be presented.
@Suite struct RefreshRotationRuleTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A session rotated once, 10 s before `now`: `d1` current, `d0` the one it replaced.
    var rotatedOnce: SessionRecord {
        SessionRecord(
            id: "s", appId: "app", userId: "u", deviceId: "dev", refreshDigest: "d1", createdAt: now.addingTimeInterval(-600),
            expiresAt: now.addingTimeInterval(3600), revoked: false, refreshGeneration: 1, previousRefreshDigest: "d0",
            rotatedAt: now.addingTimeInterval(-10), sealedRefresh: Data([1]))
    }

    func rotation(presenting digest: String, grace: TimeInterval = 30) -> RefreshRotation {
        RefreshRotation(
            sessionId: "s", presentedDigest: digest, next: .init(digest: "d2", sealed: Data([2]), generation: 2), at: now,
            graceSince: now.addingTimeInterval(-grace))
    }

    @Test func theCurrentTokenIsReplacedAndRemembered() {
        let decision = RefreshRotationRule.decide(rotatedOnce, rotation(presenting: "d1"))
        #expect(decision.outcome == .rotated)
        var expected = rotatedOnce
        expected.previousRefreshDigest = "d1"
        expected.refreshDigest = "d2"
        expected.sealedRefresh = Data([2])
        expected.refreshGeneration = 2
        expected.rotatedAt = now
        #expect(decision.write == expected)
    }

    @Test func thePreviousTokenWithinTheGraceWindowGetsTheSameReplacementAndChangesNothing() {
        let decision = RefreshRotationRule.decide(rotatedOnce, rotation(presenting: "d0"))
        #expect(decision.outcome == .replacedRecently(sealed: Data([1])))
        #expect(decision.write == nil)
        // The window's first instant still counts.
        #expect(RefreshRotationRule.decide(rotatedOnce, rotation(presenting: "d0", grace: 10)).outcome == .replacedRecently(sealed: Data([1])))
    }

    @Test func thePreviousTokenPastTheWindowRevokesTheSession() {
        let decision = RefreshRotationRule.decide(rotatedOnce, rotation(presenting: "d0", grace: 5))
        var revoked = rotatedOnce
        revoked.revoked = true
        #expect(decision.outcome == .reused(revoked))
        #expect(decision.write == revoked)
    }

    @Test func anOlderTokenRevokesTheSessionEvenWithinTheWindow() {
        let decision = RefreshRotationRule.decide(rotatedOnce, rotation(presenting: "d-older"))
        guard case .reused(let session) = decision.outcome else {
            Issue.record("an older token must revoke the session")
            return
        }
        #expect(session.revoked && decision.write?.revoked == true)
    }

    @Test func thePreviousTokenOfASessionWithNothingSealedIsAReuse() {
        var unsealed = rotatedOnce
        unsealed.sealedRefresh = nil
        #expect(RefreshRotationRule.decide(unsealed, rotation(presenting: "d0")).write?.revoked == true)
    }

    @Test func aRevokedOrMissingSessionIsGoneAndNothingIsWritten() {
        var revoked = rotatedOnce
        revoked.revoked = true
        for stored in [revoked, nil] {
            let decision = RefreshRotationRule.decide(stored, rotation(presenting: "d1"))
            #expect(decision == .init(outcome: .gone, write: nil))
        }
    }
}
