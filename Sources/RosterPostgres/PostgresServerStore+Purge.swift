import Foundation
import Logging
import PostgresNIO
import RosterServerCore

extension PostgresServerStore {
    package func purge(_ rule: PurgeRule) async throws -> PurgeReport {
        let logger = logger
        return try await write { db in
            var report = PurgeReport()
            let horizon = rule.horizon
            // Anonymous users first, while the sessions that tell when they were last live are
            // still there: only an anon-user identity, older than the horizon, and no session
            // that was live after it.
            let anonymous = try await db.query(
                """
                SELECT users.id FROM users WHERE users.app_id = \(rule.appId) AND users.created_at <= \(horizon)
                AND EXISTS (SELECT 1 FROM identities WHERE identities.app_id = users.app_id AND identities.user_id = users.id
                    AND identities.provider_type = 'anon-user')
                AND NOT EXISTS (SELECT 1 FROM identities WHERE identities.app_id = users.app_id AND identities.user_id = users.id
                    AND identities.provider_type <> 'anon-user')
                AND NOT EXISTS (SELECT 1 FROM sessions WHERE sessions.app_id = users.app_id AND sessions.user_id = users.id
                    AND sessions.expires_at > \(horizon))
                LIMIT \(rule.limit)
                """, logger: logger
            ).collect().map { try $0.decode(String.self) }
            for userId in anonymous where try await Self.deleteUser(db, appId: rule.appId, userId: userId, logger: logger) {
                report.anonymousUsers += 1
            }
            report.sessions = try await db.query(
                """
                DELETE FROM sessions WHERE ctid IN (SELECT ctid FROM sessions WHERE app_id = \(rule.appId)
                AND (expires_at <= \(horizon) OR (revoked AND expires_at <= \(rule.now))) LIMIT \(rule.limit)) RETURNING 1
                """, logger: logger
            ).collect().count
            report.accountTokens = try await db.query(
                """
                DELETE FROM account_tokens WHERE ctid IN (SELECT ctid FROM account_tokens WHERE app_id = \(rule.appId)
                AND (used OR expires_at <= \(rule.now)) LIMIT \(rule.limit)) RETURNING 1
                """, logger: logger
            ).collect().count
            report.attemptCounts = try await db.query(
                """
                DELETE FROM failed_attempts WHERE ctid IN (SELECT ctid FROM failed_attempts WHERE app_id = \(rule.appId)
                AND hour_started_at <= \(rule.attemptHourOver)
                AND (wait_until IS NULL OR wait_until <= \(rule.now)) LIMIT \(rule.limit)) RETURNING 1
                """, logger: logger
            ).collect().count
            report.auditEntries = try await db.query(
                """
                DELETE FROM audit WHERE id IN (SELECT id FROM audit WHERE app_id = \(rule.appId)
                AND at <= \(rule.auditHorizon) ORDER BY id LIMIT \(rule.limit)) RETURNING 1
                """, logger: logger
            ).collect().count
            report.deviceAuthorizations = try await db.query(
                """
                DELETE FROM device_authorizations WHERE ctid IN (SELECT ctid FROM device_authorizations WHERE app_id = \(rule.appId)
                AND (state = 'used' OR expires_at <= \(rule.now)) LIMIT \(rule.limit)) RETURNING 1
                """, logger: logger
            ).collect().count
            return report
        }
    }
}
