import Foundation
import Logging
import PostgresNIO
import RosterServerCore

extension PostgresServerStore {
    private static let triggerEventColumns = "app_id, trigger, key, event, state, attempts, not_before, lease_until, created_at"

    private static func triggerEvent(_ row: PostgresRow) throws -> TriggerEventRecord {
        let (appId, trigger, key, event, state, attempts, notBefore, leaseUntil, createdAt) = try row.decode(
            (String, String, String, String, String, Int, Date, Date?, Date).self)
        return TriggerEventRecord(
            appId: appId, trigger: trigger, key: key, event: event, state: TriggerEventRecord.State(rawValue: state) ?? .failed,
            attempts: attempts, notBefore: notBefore, leaseUntil: leaseUntil, createdAt: createdAt)
    }

    private static func write(_ record: TriggerEventRecord, _ db: PostgresConnection, logger: Logger) async throws {
        try await db.query(
            """
            UPDATE trigger_events SET state = \(record.state.rawValue), attempts = \(record.attempts), not_before = \(record.notBefore),
            lease_until = \(record.leaseUntil) WHERE app_id = \(record.appId) AND trigger = \(record.trigger) AND key = \(record.key)
            """, logger: logger)
    }

    package func enqueueTriggerEvents(_ records: [TriggerEventRecord]) async throws -> Int {
        guard !records.isEmpty else { return 0 }
        let logger = logger
        return try await write { db in
            var added = 0
            for record in records {
                added += try await db.query(
                    """
                    INSERT INTO trigger_events (\(unescaped: Self.triggerEventColumns)) VALUES (\(record.appId), \(record.trigger),
                    \(record.key), \(record.event), \(record.state.rawValue), \(record.attempts), \(record.notBefore), \(record.leaseUntil),
                    \(record.createdAt)) ON CONFLICT (app_id, trigger, key) DO NOTHING RETURNING 1
                    """, logger: logger
                ).collect().count
            }
            return added
        }
    }

    package func claimTriggerEvents(appId: String, now: Date, limit: Int, policy: TriggerEventRule.Policy) async throws
        -> [TriggerEventRecord]
    {
        let logger = logger
        let batch = max(limit, 0) * 2 + 8
        return try await write { db in
            // Rows another instance is claiming are passed over, not waited for; those whose
            // claim still holds are not read, so they never fill the batch.
            let rows = try await db.query(
                """
                SELECT \(unescaped: Self.triggerEventColumns) FROM trigger_events WHERE app_id = \(appId) AND state = 'pending'
                AND not_before <= \(now) AND (lease_until IS NULL OR lease_until <= \(now))
                ORDER BY created_at, key LIMIT \(batch) FOR UPDATE SKIP LOCKED
                """, logger: logger
            ).collect()
            var claimed: [TriggerEventRecord] = []
            for row in rows where claimed.count < limit {
                switch TriggerEventRule.claim(try Self.triggerEvent(row), now: now, policy: policy) {
                case .claim(let record):
                    try await Self.write(record, db, logger: logger)
                    claimed.append(record)
                case .giveUp(let record): try await Self.write(record, db, logger: logger)
                case .skip: continue
                }
            }
            return claimed
        }
    }

    package func settleTriggerEvent(
        _ claimed: TriggerEventRecord, _ outcome: TriggerEventRule.Outcome, now: Date, policy: TriggerEventRule.Policy
    ) async throws -> Bool {
        let logger = logger
        let cleared = TriggerEventRule.clearedBefore(now)
        return try await write { db in
            let stored = try await db.query(
                """
                SELECT \(unescaped: Self.triggerEventColumns) FROM trigger_events WHERE app_id = \(claimed.appId)
                AND trigger = \(claimed.trigger) AND key = \(claimed.key) FOR UPDATE
                """, logger: logger
            ).collect().first.map(Self.triggerEvent)
            try await db.query(
                "DELETE FROM trigger_events WHERE app_id = \(claimed.appId) AND state <> 'pending' AND created_at < \(cleared)", logger: logger)
            guard let settled = TriggerEventRule.settle(stored, claimed: claimed, outcome, now: now, policy: policy) else { return false }
            try await Self.write(settled, db, logger: logger)
            return true
        }
    }

    package func pendingTriggerEvents(appId: String) async throws -> Int {
        try await rows("SELECT count(*)::bigint FROM trigger_events WHERE app_id = \(appId) AND state = 'pending'").first
            .map { Int(try $0.decode(Int64.self)) } ?? 0
    }

    package func triggerEvent(appId: String, trigger: String, key: String) async throws -> TriggerEventRecord? {
        try await rows(
            "SELECT \(unescaped: Self.triggerEventColumns) FROM trigger_events WHERE app_id = \(appId) AND trigger = \(trigger) AND key = \(key)"
        ).first.map(Self.triggerEvent)
    }
}
