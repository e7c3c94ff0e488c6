import Foundation

/// How far one purge goes, and the times it compares with, the same for every store driver:
/// a record at or before its cutoff goes.
///
///     let rule = PurgeRule(appId: app.id, now: now, retention: 30 * 86400, auditRetention: 90 * 86400, limit: 1000)
///     rule.horizon  // sessions expired by then go; anonymous users last live before it too
package struct PurgeRule: Sendable {
    package var appId: String
    package var now: Date
    /// Anonymous users without a live session for this long go; expired sessions are kept as
    /// long, since they tell when an anonymous user was last live.
    package var retention: TimeInterval
    /// Audit entries older than this go.
    package var auditRetention: TimeInterval
    /// At most this many records of each kind in one run, so a run holds the store briefly.
    package var limit: Int

    package init(appId: String, now: Date, retention: TimeInterval, auditRetention: TimeInterval, limit: Int) {
        self.appId = appId
        self.now = now
        self.retention = retention
        self.auditRetention = auditRetention
        self.limit = limit
    }

    /// Sessions expired by then go (revoked ones once expired at all), and an anonymous user
    /// made by then with no session live after it.
    package var horizon: Date { now.addingTimeInterval(-retention) }

    /// Failed-attempt counts whose hour started by then, and whose wait has passed, go.
    package var attemptHourOver: Date { AttemptCountRule.hourOver(at: now) }

    /// Audit entries made by then go.
    package var auditHorizon: Date { now.addingTimeInterval(-auditRetention) }
}
