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
                    SELECT users.id FROM users WHERE users.app_id = ? AND users.created_at <= ?
                    AND EXISTS (SELECT 1 FROM identities WHERE identities.app_id = users.app_id AND identities.user_id = users.id
                        AND identities.provider_type = 'anon-user')
                    AND NOT EXISTS (SELECT 1 FROM identities WHERE identities.app_id = users.app_id AND identities.user_id = users.id
                        AND identities.provider_type <> 'anon-user')
                    AND NOT EXISTS (SELECT 1 FROM sessions WHERE sessions.app_id = users.app_id AND sessions.user_id = users.id
                        AND sessions.expires_at > ?)
                    LIMIT ?
                    """,
                arguments: [rule.appId, horizon, horizon, rule.limit])
            for userId in anonymous where try Self.deleteUser(db, appId: rule.appId, userId: userId) {
                report.anonymousUsers += 1
            }
            try db.execute(
                sql: """
                    DELETE FROM sessions WHERE rowid IN (SELECT rowid FROM sessions WHERE app_id = ?
                    AND (expires_at <= ? OR (revoked = 1 AND expires_at <= ?)) LIMIT ?)
                    """,
                arguments: [rule.appId, horizon, rule.now, rule.limit])
            report.sessions = db.changesCount
            try db.execute(
                sql: """
                    DELETE FROM account_tokens WHERE rowid IN (SELECT rowid FROM account_tokens WHERE app_id = ?
                    AND (used = 1 OR expires_at <= ?) LIMIT ?)
                    """,
                arguments: [rule.appId, rule.now, rule.limit])
            report.accountTokens = db.changesCount
            try db.execute(
                sql: """
                    DELETE FROM failed_attempts WHERE rowid IN (SELECT rowid FROM failed_attempts WHERE app_id = ?
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
                    DELETE FROM device_authorizations WHERE rowid IN (SELECT rowid FROM device_authorizations WHERE app_id = ?
                    AND (state = 'used' OR expires_at <= ?) LIMIT ?)
                    """,
                arguments: [rule.appId, rule.now, rule.limit])
            report.deviceAuthorizations = db.changesCount
            return report
        }
    }
}
