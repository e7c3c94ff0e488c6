import Foundation
import GRDB

/// Every log-in reads and writes its counts: each statement on a cached statement.
extension SQLiteServerStore {
    package func attemptsWait(appId: String, key: AttemptKey) async throws -> Date?? {
        try await pool.read { db in
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT wait_until FROM failed_attempts WHERE app_id = ? AND scope = ? AND key = ?"),
                arguments: [appId, key.storedScope, key.value])
            return row.map { $0[0] as Date? }
        }
    }

    package func recordFailure(
        appId: String, keys: [AttemptKey], now: Date, rule: @escaping @Sendable (AttemptCounts) -> Date?
    ) async throws -> Date? {
        try await pool.write { db in
            var latest: Date?
            for key in keys {
                let counted = "SELECT in_a_row, hour_started_at, in_hour FROM failed_attempts WHERE app_id = ? AND scope = ? AND key = ?"
                let row = try Row.fetchOne(db.cachedStatement(sql: counted), arguments: [appId, key.storedScope, key.value])
                let stored = row.map { (inARow: $0[0] as Int, hourStartedAt: $0[1] as Date, inHour: $0[2] as Int) }
                let counts = AttemptCountRule.counts(after: stored, key: key, now: now)
                let wait = rule(counts)
                try db.cachedStatement(
                    sql: """
                        INSERT INTO failed_attempts (app_id, scope, key, in_a_row, hour_started_at, in_hour, wait_until)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (app_id, scope, key) DO UPDATE SET in_a_row = excluded.in_a_row,
                        hour_started_at = excluded.hour_started_at, in_hour = excluded.in_hour, wait_until = excluded.wait_until
                        """
                ).execute(
                    arguments: [appId, key.storedScope, key.value, counts.inARow, counts.hourStartedAt, counts.inHour, wait])
                latest = AttemptCountRule.later(latest, wait)
            }
            return latest
        }
    }

    package func clearFailures(appId: String, key: AttemptKey) async throws {
        try await pool.write { db in
            try db.cachedStatement(sql: "DELETE FROM failed_attempts WHERE app_id = ? AND scope = ? AND key = ?").execute(
                arguments: [appId, key.storedScope, key.value])
        }
    }
}
