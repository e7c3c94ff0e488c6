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

extension PurgeRule {
    /// Anonymous users to delete (each with `UserDeletionRule`), first, while the sessions that
    /// tell when they were last live are still there: only an anon-user identity, made by the
    /// horizon, and no session live after it.
    package var anonymousUsers: StoreStatement {
        """
        SELECT users.id FROM users WHERE users.app_id = \(appId) AND users.created_at <= \(horizon)
        AND EXISTS (SELECT 1 FROM identities WHERE identities.app_id = users.app_id AND identities.user_id = users.id
            AND identities.provider_type = 'anon-user')
        AND NOT EXISTS (SELECT 1 FROM identities WHERE identities.app_id = users.app_id AND identities.user_id = users.id
            AND identities.provider_type <> 'anon-user')
        AND NOT EXISTS (SELECT 1 FROM sessions WHERE sessions.app_id = users.app_id AND sessions.user_id = users.id
            AND sessions.expires_at > \(horizon))
        LIMIT \(limit)
        """
    }

    /// Then each kind of record that has had its time, at most `limit` of each: the statement
    /// returns a row for each record it deleted, counted into the report's field.
    package var sweeps: [(count: WritableKeyPath<PurgeReport, Int>, statement: StoreStatement)] {
        [
            (
                \.sessions,
                """
                DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE app_id = \(appId)
                AND (expires_at <= \(horizon) OR (revoked IS TRUE AND expires_at <= \(now))) LIMIT \(limit)) RETURNING 1
                """
            ),
            (
                \.accountTokens,
                """
                DELETE FROM account_tokens WHERE id IN (SELECT id FROM account_tokens WHERE app_id = \(appId)
                AND (used IS TRUE OR expires_at <= \(now)) LIMIT \(limit)) RETURNING 1
                """
            ),
            (
                \.attemptCounts,
                """
                DELETE FROM failed_attempts WHERE (app_id, scope, key) IN (SELECT app_id, scope, key FROM failed_attempts
                WHERE app_id = \(appId) AND hour_started_at <= \(attemptHourOver)
                AND (wait_until IS NULL OR wait_until <= \(now)) LIMIT \(limit)) RETURNING 1
                """
            ),
            (
                \.auditEntries,
                """
                DELETE FROM audit WHERE id IN (SELECT id FROM audit WHERE app_id = \(appId)
                AND at <= \(auditHorizon) ORDER BY id LIMIT \(limit)) RETURNING 1
                """
            ),
            (
                \.deviceAuthorizations,
                """
                DELETE FROM device_authorizations WHERE id IN (SELECT id FROM device_authorizations WHERE app_id = \(appId)
                AND (state = 'used' OR expires_at <= \(now)) LIMIT \(limit)) RETURNING 1
                """
            ),
        ]
    }
}
