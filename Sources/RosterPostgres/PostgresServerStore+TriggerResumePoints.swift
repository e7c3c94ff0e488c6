import Foundation
import Logging
import PostgresNIO
import RosterServerCore

/// Database triggers' resume points over PostgreSQL (`TriggerResumeStore`), shared by every
/// instance over the database.
extension PostgresServerStore {
    package func triggerResumePoints(appId: String) async throws -> [String: UInt64] {
        var points: [String: UInt64] = [:]
        for row in try await rows("SELECT trigger, sequence FROM trigger_resume_points WHERE app_id = \(appId)") {
            let (trigger, sequence) = try row.decode((String, Int64).self)
            points[trigger] = UInt64(max(sequence, 0))
        }
        return points
    }

    package func advanceTriggerResumePoints(appId: String, _ points: [String: UInt64], now: Date) async throws {
        guard !points.isEmpty else { return }
        let logger = logger
        try await write { db in
            for (trigger, sequence) in points.sorted(by: { $0.key < $1.key }) {
                try await db.query(
                    """
                    INSERT INTO trigger_resume_points (app_id, trigger, sequence, updated_at) VALUES (\(appId), \(trigger),
                    \(Int64(clamping: sequence)), \(now)) ON CONFLICT (app_id, trigger) DO UPDATE
                    SET sequence = greatest(trigger_resume_points.sequence, excluded.sequence), updated_at = excluded.updated_at
                    """, logger: logger)
            }
        }
    }

    package func removeTriggerResumePoints(appId: String, triggers: [String]) async throws {
        guard !triggers.isEmpty else { return }
        let logger = logger
        try await write { db in
            try await db.query("DELETE FROM trigger_resume_points WHERE app_id = \(appId) AND trigger = ANY(\(triggers))", logger: logger)
        }
    }

    package func documentChanges(in collection: DocumentChangeHub.Collection, after: UInt64, limit: Int) async throws -> [DocumentChange] {
        try await rows(
            """
            SELECT sequence, change FROM document_changes WHERE sequence > \(Int64(clamping: after))
            AND change::jsonb->>'appId' = \(collection.appId) AND change::jsonb->>'database' = \(collection.database)
            AND change::jsonb->>'collection' = \(collection.collection) ORDER BY sequence LIMIT \(max(limit, 0))
            """
        ).compactMap { row in
            let (sequence, text) = try row.decode((Int64, String).self)
            return DocumentChange(text: text, sequence: UInt64(sequence))
        }
    }

    package func newestDocumentChange() async throws -> UInt64 {
        try await rows("SELECT coalesce(max(sequence), 0)::bigint FROM document_changes").first.map { UInt64(max(try $0.decode(Int64.self), 0)) } ?? 0
    }
}
