import Foundation
import GRDB

/// Database triggers' resume points over SQLite (`TriggerResumeStore`).
extension SQLiteServerStore {
    package func triggerResumePoints(appId: String) async throws -> [String: UInt64] {
        try await pool.read { db in
            var points: [String: UInt64] = [:]
            for row in try Row.fetchAll(
                db, sql: #"SELECT "trigger", sequence FROM trigger_resume_points WHERE app_id = ?"#, arguments: [appId])
            {
                points[row["trigger"]] = UInt64(max(row["sequence"] as Int64, 0))
            }
            return points
        }
    }

    package func advanceTriggerResumePoints(appId: String, _ points: [String: UInt64], now: Date) async throws {
        guard !points.isEmpty else { return }
        try await durableWrite { db in
            for (trigger, sequence) in points {
                try db.execute(
                    sql: """
                        INSERT INTO trigger_resume_points (app_id, "trigger", sequence, updated_at) VALUES (?, ?, ?, ?)
                        ON CONFLICT (app_id, "trigger") DO UPDATE SET sequence = max(sequence, excluded.sequence), updated_at = excluded.updated_at
                        """,
                    arguments: [appId, trigger, Int64(clamping: sequence), now])
            }
        }
    }

    package func removeTriggerResumePoints(appId: String, triggers: [String]) async throws {
        guard !triggers.isEmpty else { return }
        try await durableWrite { db in
            for trigger in triggers {
                try db.execute(
                    sql: #"DELETE FROM trigger_resume_points WHERE app_id = ? AND "trigger" = ?"#, arguments: [appId, trigger])
            }
        }
    }

    package func documentChanges(in collection: DocumentChangeHub.Collection, after: UInt64, limit: Int) async throws -> [DocumentChange] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT sequence, change FROM document_changes WHERE sequence > ? AND json_extract(change, '$.appId') = ?
                    AND json_extract(change, '$.database') = ? AND json_extract(change, '$.collection') = ? ORDER BY sequence LIMIT ?
                    """,
                arguments: [Int64(clamping: after), collection.appId, collection.database, collection.collection, max(limit, 0)]
            ).compactMap { row in DocumentChange(text: row["change"], sequence: UInt64(row["sequence"] as Int64)) }
        }
    }

    package func newestDocumentChange() async throws -> UInt64 {
        try Self.newestChange(pool)
    }
}
