import Foundation
import GRDB

extension SQLiteServerStore {
    package func purge(_ rule: PurgeRule) async throws -> PurgeReport {
        try await pool.write { db in
            var report = PurgeReport()
            let horizon = rule.horizon
            // Anonymous users first, while the sessions that tell when they were last live are
            // still there: only an anon-user identity, older than the horizon, and no session
            // that was live after it.
            let anonymous = try String.fetchAll(
                db,
                sql: """
                    SELECT user.id FROM user WHERE user.app_id = ? AND user.created_at <= ?
                    AND EXISTS (SELECT 1 FROM identity WHERE identity.app_id = user.app_id AND identity.user_id = user.id
                        AND identity.provider_type = 'anon-user')
                    AND NOT EXISTS (SELECT 1 FROM identity WHERE identity.app_id = user.app_id AND identity.user_id = user.id
                        AND identity.provider_type <> 'anon-user')
                    AND NOT EXISTS (SELECT 1 FROM session WHERE session.app_id = user.app_id AND session.user_id = user.id
                        AND session.expires_at > ?)
                    LIMIT ?
                    """,
                arguments: [rule.appId, horizon, horizon, rule.limit])
            for userId in anonymous where try Self.deleteUser(db, appId: rule.appId, userId: userId) {
                report.anonymousUsers += 1
            }
            try db.execute(
                sql: """
                    DELETE FROM session WHERE rowid IN (SELECT rowid FROM session WHERE app_id = ?
                    AND (expires_at <= ? OR (revoked = 1 AND expires_at <= ?)) LIMIT ?)
                    """,
                arguments: [rule.appId, horizon, rule.now, rule.limit])
            report.sessions = db.changesCount
            try db.execute(
                sql: """
                    DELETE FROM account_token WHERE rowid IN (SELECT rowid FROM account_token WHERE app_id = ?
                    AND (used = 1 OR expires_at <= ?) LIMIT ?)
                    """,
                arguments: [rule.appId, rule.now, rule.limit])
            report.accountTokens = db.changesCount
            try db.execute(
                sql: """
                    DELETE FROM failed_attempt WHERE rowid IN (SELECT rowid FROM failed_attempt WHERE app_id = ?
                    AND hour_started_at <= ? AND (wait_until IS NULL OR wait_until <= ?) LIMIT ?)
                    """,
                arguments: [rule.appId, rule.attemptHourOver, rule.now, rule.limit])
            report.attemptCounts = db.changesCount
            try db.execute(
                sql: "DELETE FROM audit WHERE id IN (SELECT id FROM audit WHERE app_id = ? AND at <= ? ORDER BY id LIMIT ?)",
                arguments: [rule.appId, rule.auditHorizon, rule.limit])
            report.auditEntries = db.changesCount
            try db.execute(
                sql: """
                    DELETE FROM device_authorization WHERE rowid IN (SELECT rowid FROM device_authorization WHERE app_id = ?
                    AND (state = 'used' OR expires_at <= ?) LIMIT ?)
                    """,
                arguments: [rule.appId, rule.now, rule.limit])
            report.deviceAuthorizations = db.changesCount
            return report
        }
    }
}
