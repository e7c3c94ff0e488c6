import Foundation
import Testing
@testable import RosterServerCore

/// The times a purge compares with, without a store.
@Suite struct PurgeRuleTests {
    @Test func eachKindHasItsCutoff() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let rule = PurgeRule(appId: "app", now: now, retention: 30 * 86400, auditRetention: 90 * 86400, limit: 10)
        #expect(rule.horizon == now.addingTimeInterval(-30 * 86400))
        #expect(rule.auditHorizon == now.addingTimeInterval(-90 * 86400))
        #expect(rule.attemptHourOver == now.addingTimeInterval(-3600))
    }
}
