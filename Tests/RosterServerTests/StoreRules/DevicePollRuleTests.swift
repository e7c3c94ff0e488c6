import Foundation
import Testing
@testable import RosterServerCore

/// What a poll of a device authorization answers, without a store.
@Suite struct DevicePollRuleTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func record(_ state: DeviceAuthorizationRecord.State, lastPoll: TimeInterval? = nil, expiresIn: TimeInterval = 600)
        -> DeviceAuthorizationRecord
    {
        DeviceAuthorizationRecord(
            id: "a", appId: "app", codeDigest: "c", userCode: "ABCD-EFGH", startedAt: now.addingTimeInterval(-60),
            expiresAt: now.addingTimeInterval(expiresIn), intervalSeconds: 5, lastPollAt: lastPoll.map { now.addingTimeInterval($0) },
            state: state)
    }

    @Test func aPollOnTimeAnswersTheStateAndIsRecorded() {
        var pending = record(.pending, lastPoll: -5)
        #expect(DevicePollRule.decide(&pending, now: now, slowDownStep: 5) == .pending)
        #expect(pending.lastPollAt == now && pending.intervalSeconds == 5)
        var denied = record(.denied)
        #expect(DevicePollRule.decide(&denied, now: now, slowDownStep: 5) == .denied)
        var approved = record(.approved)
        guard case .approved(let found) = DevicePollRule.decide(&approved, now: now, slowDownStep: 5) else {
            Issue.record("an approved authorization is answered approved")
            return
        }
        #expect(found == approved)
    }

    @Test func aPollSoonerThanTheIntervalSlowsDownAndLengthensIt() {
        var polled = record(.approved, lastPoll: -4)
        #expect(DevicePollRule.decide(&polled, now: now, slowDownStep: 5) == .slowDown(interval: 10))
        #expect(polled.intervalSeconds == 10 && polled.lastPollAt == now)
    }

    @Test func aUsedOneIsUnknownAndAnExpiredOneExpiredWhateverItWas() {
        var used = record(.used, expiresIn: -1)
        #expect(DevicePollRule.decide(&used, now: now, slowDownStep: 5) == .unknown)
        var expired = record(.approved, lastPoll: -1, expiresIn: 0)
        #expect(DevicePollRule.decide(&expired, now: now, slowDownStep: 5) == .expired)
        #expect(expired.lastPollAt == now.addingTimeInterval(-1), "an expired poll is not recorded")
    }

    @Test func aDecisionWritesItsColumns() {
        let (approved, userId, provider) = DevicePollRule.columns(of: .approved(userId: "u", provider: "anon-user"))
        #expect(approved == .approved && userId == "u" && provider == "anon-user")
        let (denied, noUser, noProvider) = DevicePollRule.columns(of: .denied)
        #expect(denied == .denied && noUser == nil && noProvider == nil)
    }
}
