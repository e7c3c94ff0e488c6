import Foundation
import Logging
import PostgresNIO
import RosterServerCore
import Synchronization

/// Document changes across instances: the transaction that writes documents also writes its
/// changes to `document_changes` and announces them (`NOTIFY`, with the first and last sequence),
/// and PostgreSQL delivers the announcement to every listening instance once the transaction
/// commits, in commit order. Each instance follows on a connection of its own (`follow`), reads
/// the rows announced and hands them to its watchers (`DocumentChangeHub.deliver`). A follower
/// whose connection fails connects again after a second and first reads what was written
/// meanwhile. Rows are kept ten minutes, and longer for database triggers that have not seen
/// them (`TriggerResumeRule`).
extension PostgresServerStore {
    package static let changeChannel = "roster_document_changes"
    /// How long changes are kept for followers that reconnect.
    package static let changesKept = "10 minutes"

    /// Writes `changes` and announces them, inside the caller's transaction.
    package static func announce(_ changes: [DocumentChange], texts: [String]? = nil, _ db: PostgresConnection, logger: Logger) async throws {
        guard !changes.isEmpty else { return }
        let texts = texts ?? changes.map(\.text)
        // One statement for any number: `unnest` inserts in the array's order, so sequences
        // follow the changes' order.
        let sequences = try await db.query(
            "INSERT INTO document_changes (change) SELECT unnest(\(texts)::text[]) RETURNING sequence", logger: logger
        ).collect().map { try $0.decode(Int64.self) }
        guard let first = sequences.min(), let last = sequences.max() else { return }
        try await db.query("SELECT pg_notify(\(changeChannel), \("\(first)-\(last)"))", logger: logger)
    }

    /// Deletes the changes older than `changesKept` that every database trigger has seen, or
    /// that are past what is kept for triggers (`TriggerResumeRule`).
    package static func prune(_ db: PostgresConnection, logger: Logger) async throws {
        try await db.query(
            PostgresQuery(
                unsafeSQL: """
                    DELETE FROM document_changes WHERE created_at < now() - interval '\(changesKept)' AND (
                    sequence <= coalesce((SELECT min(sequence) FROM trigger_resume_points), 9223372036854775807)
                    OR sequence <= (SELECT max(sequence) FROM document_changes) - \(TriggerResumeRule.keptChanges)
                    OR created_at < now() - interval '\(TriggerResumeRule.keptDays) days')
                    """), logger: logger)
    }

    /// The changes numbered from `first` through `last`, or after `after`, in sequence order.
    static func changes(_ db: PostgresConnection, from first: Int64, through last: Int64, logger: Logger) async throws -> [DocumentChange] {
        try await decode(
            db.query(
                "SELECT sequence, change FROM document_changes WHERE sequence BETWEEN \(first) AND \(last) ORDER BY sequence",
                logger: logger
            ).collect())
    }

    static func changes(_ db: PostgresConnection, after: Int64, logger: Logger) async throws -> [DocumentChange] {
        try await decode(
            db.query("SELECT sequence, change FROM document_changes WHERE sequence > \(after) ORDER BY sequence", logger: logger).collect())
    }

    private static func decode(_ rows: [PostgresRow]) throws -> [DocumentChange] {
        try rows.compactMap { row in
            let (sequence, text) = try row.decode((Int64, String).self)
            return DocumentChange(text: text, sequence: UInt64(sequence))
        }
    }

    /// Follows every instance's changes until cancelled, handing them to `hub`; `listening` is
    /// told each time the follower is listening (and has read what it missed). A connection that
    /// closes under the follower is given up (`LeaseWatch`) and another one opened.
    static func follow(
        _ location: PostgresLocation, hub: DocumentChangeHub, logger: Logger, listening: @escaping @Sendable () -> Void
    ) async {
        // The last change handed out before the connection failed (nil before the first), and
        // when the changes were last pruned.
        let progress = FollowerProgress()
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    on: PostgresClient.defaultEventLoopGroup.any(), configuration: try location.connectionConfiguration(), id: 1,
                    logger: logger)
                defer { Task { try? await connection.close() } }
                let work = Task { try await listen(on: connection, progress: progress, hub: hub, logger: logger, listening: listening) }
                try await LeaseWatch<Void>(holding: connection).outcome(of: work, waitingAtMost: .zero)
            } catch {
                if Task.isCancelled { return }
                logger.warning("following document changes failed; again in a second", metadata: ["reason": .string(reason(error))])
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// What a follower has done, kept across its connections.
    final class FollowerProgress: Sendable {
        struct State {
            var handed: Int64?
            var lastPrune = ContinuousClock.now
        }

        let state = Mutex(State())
    }

    /// Listens on `connection` until it fails or the task is cancelled: first reads what was
    /// missed since `progress.handed`, then each announced range.
    private static func listen(
        on connection: PostgresConnection, progress: FollowerProgress, hub: DocumentChangeHub, logger: Logger,
        listening: @Sendable () -> Void
    ) async throws {
        try await connection.listen(on: changeChannel) { notifications in
            // Once the LISTEN has run (commands run in order): what is announced from now on is
            // heard. What came before is either old (at start) or missed (after a failure: read
            // now).
            let newest = try await connection.query("SELECT coalesce(max(sequence), 0) FROM document_changes", logger: logger)
                .collect().first?.decode(Int64.self) ?? 0
            var startedAt = newest
            let handed = progress.state.withLock { $0.handed }
            // At start, the changes already in the store are not news (`DocumentChangeHub.lastSequence`).
            if handed == nil { hub.start(after: UInt64(max(newest, 0))) }
            if let before = handed {
                let missed = try await changes(connection, after: before, logger: logger)
                hub.deliver(missed)
                startedAt = max(newest, missed.last.map { Int64($0.sequence) } ?? before)
            }
            progress.state.withLock { $0.handed = startedAt }
            listening()
            for try await notification in notifications {
                let bounds = notification.payload.split(separator: "-").compactMap { Int64($0) }
                guard bounds.count == 2, bounds[1] > startedAt else { continue }
                let found = try await changes(connection, from: max(bounds[0], startedAt + 1), through: bounds[1], logger: logger)
                hub.deliver(found)
                let pruneDue = progress.state.withLock { progress in
                    progress.handed = max(progress.handed ?? 0, bounds[1])
                    guard ContinuousClock.now - progress.lastPrune > .seconds(60) else { return false }
                    progress.lastPrune = ContinuousClock.now
                    return true
                }
                if pruneDue { try await prune(connection, logger: logger) }
            }
        }
    }
}
