import Foundation
import GRDB

extension SQLiteServerStore {
    private static let triggerEventColumns = #"app_id, "trigger", "key", event, state, attempts, not_before, lease_until, created_at"#

    private static func triggerEvent(_ row: Row) -> TriggerEventRecord {
        TriggerEventRecord(
            appId: row["app_id"], trigger: row["trigger"], key: row["key"], event: row["event"],
            state: TriggerEventRecord.State(rawValue: row["state"]) ?? .failed, attempts: row["attempts"], notBefore: row["not_before"],
            leaseUntil: row["lease_until"], createdAt: row["created_at"])
    }

    private static func write(_ record: TriggerEventRecord, _ db: Database) throws {
        try db.execute(
            sql: #"UPDATE trigger_events SET state = ?, attempts = ?, not_before = ?, lease_until = ? WHERE app_id = ? AND "trigger" = ? AND "key" = ?"#,
            arguments: [record.state.rawValue, record.attempts, record.notBefore, record.leaseUntil, record.appId, record.trigger, record.key])
    }

    package func enqueueTriggerEvents(_ records: [TriggerEventRecord]) async throws -> Int {
        guard !records.isEmpty else { return 0 }
        return try await durableWrite { db in
            var added = 0
            for record in records {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO trigger_events (\(Self.triggerEventColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    arguments: [
                        record.appId, record.trigger, record.key, record.event, record.state.rawValue, record.attempts, record.notBefore,
                        record.leaseUntil, record.createdAt,
                    ])
                added += db.changesCount
            }
            return added
        }
    }

    package func claimTriggerEvents(appId: String, now: Date, limit: Int, policy: TriggerEventRule.Policy) async throws
        -> [TriggerEventRecord]
    {
        try await durableWrite { db in
            // Events whose claim still holds are not read, so they never fill the batch.
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.triggerEventColumns) FROM trigger_events WHERE app_id = ? AND state = 'pending' AND not_before <= ?
                    AND (lease_until IS NULL OR lease_until <= ?) ORDER BY created_at, "key" LIMIT ?
                    """,
                arguments: [appId, now, now, max(limit, 0) * 2 + 8])
            var claimed: [TriggerEventRecord] = []
            for row in rows where claimed.count < limit {
                switch TriggerEventRule.claim(Self.triggerEvent(row), now: now, policy: policy) {
                case .claim(let record):
                    try Self.write(record, db)
                    claimed.append(record)
                case .giveUp(let record): try Self.write(record, db)
                case .skip: continue
                }
            }
            return claimed
        }
    }

    package func settleTriggerEvent(
        _ claimed: TriggerEventRecord, _ outcome: TriggerEventRule.Outcome, now: Date, policy: TriggerEventRule.Policy
    ) async throws -> Bool {
        try await durableWrite { db in
            let stored = try Row.fetchOne(
                db, sql: #"SELECT \#(Self.triggerEventColumns) FROM trigger_events WHERE app_id = ? AND "trigger" = ? AND "key" = ?"#,
                arguments: [claimed.appId, claimed.trigger, claimed.key]
            ).map(Self.triggerEvent)
            try db.execute(
                sql: "DELETE FROM trigger_events WHERE app_id = ? AND state <> 'pending' AND created_at < ?",
                arguments: [claimed.appId, TriggerEventRule.clearedBefore(now)])
            guard let settled = TriggerEventRule.settle(stored, claimed: claimed, outcome, now: now, policy: policy) else { return false }
            try Self.write(settled, db)
            return true
        }
    }

    package func pendingTriggerEvents(appId: String) async throws -> Int {
        try await pool.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM trigger_events WHERE app_id = ? AND state = 'pending'", arguments: [appId]) ?? 0
        }
    }

    package func triggerEvent(appId: String, trigger: String, key: String) async throws -> TriggerEventRecord? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: #"SELECT \#(Self.triggerEventColumns) FROM trigger_events WHERE app_id = ? AND "trigger" = ? AND "key" = ?"#,
                arguments: [appId, trigger, key]
            ).map(Self.triggerEvent)
        }
    }
}
