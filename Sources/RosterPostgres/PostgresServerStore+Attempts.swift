import Foundation
import Logging
import PostgresNIO
import RosterServerCore

extension PostgresServerStore {
    package func attemptsWait(appId: String, key: AttemptKey) async throws -> Date?? {
        try await rows(
            "SELECT wait_until FROM failed_attempts WHERE app_id = \(appId) AND scope = \(key.storedScope) AND key = \(key.value)"
        ).first.map { try $0.decode(Date?.self) }
    }

    package func recordFailure(
        appId: String, keys: [AttemptKey], now: Date, rule: @escaping @Sendable (AttemptCounts) -> Date?
    ) async throws -> Date? {
        let logger = logger
        return try await write { db in
            var latest: Date?
            for key in keys {
                let row = try await db.query(
                    """
                    SELECT in_a_row, hour_started_at, in_hour FROM failed_attempts
                    WHERE app_id = \(appId) AND scope = \(key.storedScope) AND key = \(key.value) FOR UPDATE
                    """, logger: logger
                ).collect().first
                let stored = try row.map { row in
                    let (inARow, started, inHour) = try row.decode((Int, Date, Int).self)
                    return (inARow: inARow, hourStartedAt: started, inHour: inHour)
                }
                let counts = AttemptCountRule.counts(after: stored, key: key, now: now)
                let wait = rule(counts)
                try await db.query(
                    """
                    INSERT INTO failed_attempts (app_id, scope, key, in_a_row, hour_started_at, in_hour, wait_until)
                    VALUES (\(appId), \(key.storedScope), \(key.value), \(counts.inARow), \(counts.hourStartedAt), \(counts.inHour), \(wait))
                    ON CONFLICT (app_id, scope, key) DO UPDATE SET in_a_row = excluded.in_a_row,
                    hour_started_at = excluded.hour_started_at, in_hour = excluded.in_hour, wait_until = excluded.wait_until
                    """, logger: logger)
                latest = AttemptCountRule.later(latest, wait)
            }
            return latest
        }
    }

    package func clearFailures(appId: String, key: AttemptKey) async throws {
        _ = try await rows("DELETE FROM failed_attempts WHERE app_id = \(appId) AND scope = \(key.storedScope) AND key = \(key.value)")
    }
}
