import Foundation
import Testing
@testable import RosterServerCore

/// When a confirmation or reset token is redeemed, without a store: once, before it expires.
@Suite struct AccountTokenRuleTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func token(expiresIn seconds: TimeInterval = 600, used: Bool = false) -> AccountTokenRecord {
        AccountTokenRecord(
            id: "t", appId: "app", email: "ann@example.com", purpose: .reset, digest: "d", createdAt: now,
            expiresAt: now.addingTimeInterval(seconds), used: used)
    }

    @Test func anUnusedUnexpiredTokenIsRedeemed() {
        #expect(AccountTokenRule.redeems(token(), at: now))
        #expect(AccountTokenRule.redeems(token(expiresIn: 1), at: now))
    }

    @Test func aUsedTokenIsNotRedeemedAgain() {
        #expect(!AccountTokenRule.redeems(token(used: true), at: now))
    }

    @Test func aTokenIsNotRedeemedFromTheInstantItExpires() {
        #expect(!AccountTokenRule.redeems(token(expiresIn: 0), at: now))
        #expect(!AccountTokenRule.redeems(token(expiresIn: -1), at: now))
    }

    @Test func noTokenIsNotRedeemed() {
        #expect(!AccountTokenRule.redeems(nil, at: now))
    }
}
