import Foundation
import Testing
@testable import RosterServerCore

/// What taking a browser sign-in's state finds, without a store.
@Suite struct WebSignInRuleTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func record(expiresIn seconds: TimeInterval = 600, used: Bool = false) -> WebSignInRecord {
        WebSignInRecord(
            stateDigest: "d", appId: "a", provider: "oauth2-google", purpose: "{}", codeVerifier: "v", nonce: "n",
            callback: "http://127.0.0.1/callback", createdAt: now, expiresAt: now.addingTimeInterval(seconds), used: used)
    }

    @Test func anUnusedUnexpiredSignInIsTakenForItsAppOrAny() {
        #expect(WebSignInRule.take(record(), appId: "a", now: now) == .taken(record()))
        #expect(WebSignInRule.take(record(), appId: nil, now: now) == .taken(record()))
    }

    @Test func anotherAppsOrNoSignInIsUnknown() {
        #expect(WebSignInRule.take(record(), appId: "b", now: now) == .unknown)
        #expect(WebSignInRule.take(nil, appId: "a", now: now) == .unknown)
        // Another app's is unknown even when used or expired: nothing of it is told.
        #expect(WebSignInRule.take(record(expiresIn: -1, used: true), appId: "b", now: now) == .unknown)
    }

    @Test func aUsedSignInIsAlreadyUsedBeforeItIsExpired() {
        #expect(WebSignInRule.take(record(used: true), appId: "a", now: now) == .alreadyUsed)
        #expect(WebSignInRule.take(record(expiresIn: -1, used: true), appId: "a", now: now) == .alreadyUsed)
    }

    @Test func aSignInIsExpiredFromItsExpiry() {
        #expect(WebSignInRule.take(record(expiresIn: 0), appId: "a", now: now) == .expired)
    }

    @Test func expiredSignInsAreClearedAwayAnHourLater() {
        #expect(WebSignInRule.clearedBefore(now) == now.addingTimeInterval(-3600))
    }
}
