import Foundation
import GRDB

extension SQLiteServerStore {
    package func attemptsWait(appId: String, key: AttemptKey) async throws -> Date?? {
        try await pool.read { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT wait_until FROM failed_attempt WHERE app_id = ? AND scope = ? AND key = ?",
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
                let row = try Row.fetchOne(
                    db, sql: "SELECT in_a_row, hour_started_at, in_hour FROM failed_attempt WHERE app_id = ? AND scope = ? AND key = ?",
                    arguments: [appId, key.storedScope, key.value])
                var counts = AttemptCounts(key: key, inARow: 1, inHour: 1, hourStartedAt: now, now: now)
                if let row {
                    let started: Date = row[1]
                    counts.inARow = row[0] + 1
                    if now.timeIntervalSince(started) < 3600 {
                        counts.hourStartedAt = started
                        counts.inHour = row[2] + 1
                    }
                }
                let wait = rule(counts)
                try db.execute(
                    sql: """
                        INSERT INTO failed_attempt (app_id, scope, key, in_a_row, hour_started_at, in_hour, wait_until)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (app_id, scope, key) DO UPDATE SET in_a_row = excluded.in_a_row,
                        hour_started_at = excluded.hour_started_at, in_hour = excluded.in_hour, wait_until = excluded.wait_until
                        """,
                    arguments: [appId, key.storedScope, key.value, counts.inARow, counts.hourStartedAt, counts.inHour, wait])
                if let wait, wait > (latest ?? .distantPast) { latest = wait }
            }
            return latest
        }
    }

    package func clearFailures(appId: String, key: AttemptKey) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM failed_attempt WHERE app_id = ? AND scope = ? AND key = ?",
                arguments: [appId, key.storedScope, key.value])
        }
    }
}
