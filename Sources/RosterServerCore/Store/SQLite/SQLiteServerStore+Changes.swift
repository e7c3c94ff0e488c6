import Foundation
import GRDB

/// Document changes over SQLite, for change streams across every server process over the file:
/// the transaction that writes documents writes its changes to `document_changes` too, numbered
/// in commit order (SQLite has one writer at a time). The writing process offers them to its
/// watchers as soon as the transaction commits; each process also follows the table
/// (`follow`, every `followInterval` while it has watchers), which hands out, in order, what
/// other processes wrote and what came after a gap. Rows are kept a minute: a follower reads
/// them within a tenth of a second, and a process that starts reads from where the table stands;
/// changes a database trigger has not seen yet are kept longer (`TriggerResumeRule`).
extension SQLiteServerStore {
    /// How often a process with watchers reads the changes other processes wrote.
    package static let followInterval = Duration.milliseconds(100)
    /// How long changes are kept.
    package static let changesKept = "-1 minutes"

    /// Writes `changes` (with their `text`, made before the transaction when it can be) inside
    /// the caller's transaction and offers them, numbered, once it commits.
    package static func record(_ changes: [DocumentChange], texts: [String]? = nil, _ db: Database, hub: DocumentChangeHub) throws {
        guard !changes.isEmpty else { return }
        let texts = texts ?? changes.map(\.text)
        var numbered: [DocumentChange] = []
        numbered.reserveCapacity(changes.count)
        let insert = try db.cachedStatement(sql: "INSERT INTO document_changes (change) VALUES (?)")
        for (var change, text) in zip(changes, texts) {
            try insert.execute(arguments: [text])
            change.sequence = UInt64(db.lastInsertedRowID)
            numbered.append(change)
        }
        // Called on the writer, in commit order, once the transaction is committed.
        let offered = numbered
        db.afterNextTransaction { _ in hub.offer(offered) }
    }

    /// Deletes the changes older than `changesKept` that every database trigger has seen, or
    /// that are past what is kept for triggers (`TriggerResumeRule`).
    package static func prune(_ db: Database) throws {
        try db.execute(
            sql: """
                DELETE FROM document_changes WHERE created_at < datetime('now', ?) AND (
                    sequence <= coalesce((SELECT min(sequence) FROM trigger_resume_points), 9223372036854775807)
                    OR sequence <= (SELECT max(sequence) FROM document_changes) - ?
                    OR created_at < datetime('now', ?))
                """,
            arguments: [changesKept, TriggerResumeRule.keptChanges, "-\(TriggerResumeRule.keptDays) days"])
    }

    /// The newest change's sequence, 0 with none.
    static func newestChange(_ pool: DatabasePool) throws -> UInt64 {
        try pool.read { db in UInt64(try Int64.fetchOne(db, sql: "SELECT coalesce(max(sequence), 0) FROM document_changes") ?? 0) }
    }

    /// Follows the table until cancelled: while the hub has watchers, hands out every change
    /// past the last one handed out; without any, only keeps up with where the table stands.
    static func follow(_ pool: DatabasePool, hub: DocumentChangeHub) -> Task<Void, Never> {
        Task.detached {
            var lastPrune = ContinuousClock.now
            while !Task.isCancelled {
                do {
                    if hub.watcherCount == 0 {
                        hub.start(after: try newestChange(pool))
                    } else {
                        let after = Int64(hub.lastSequence)
                        let rows = try await pool.read { db in
                            try Row.fetchAll(
                                db, sql: "SELECT sequence, change FROM document_changes WHERE sequence > ? ORDER BY sequence LIMIT 1000",
                                arguments: [after])
                        }
                        hub.catchUp(rows.compactMap { row in DocumentChange(text: row["change"], sequence: UInt64(row["sequence"] as Int64)) })
                    }
                    if ContinuousClock.now - lastPrune > .seconds(60) {
                        lastPrune = ContinuousClock.now
                        try await pool.write { db in try prune(db) }
                    }
                } catch {
                    // A busy or failing read is tried again at the next turn.
                }
                try? await Task.sleep(for: hub.watcherCount == 0 ? .seconds(1) : followInterval)
            }
        }
    }
}
