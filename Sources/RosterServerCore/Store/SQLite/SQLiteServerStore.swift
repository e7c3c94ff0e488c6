import Foundation
import GRDB
import RosterWire

/// The `ServerStore` driver over one SQLite file in WAL mode, shared safely by several server
/// processes: writes are immediate transactions, and a busy database is waited for.
///
///     let store = try SQLiteServerStore(path: "/tmp/roster.sqlite")
package final class SQLiteServerStore: ServerStore {
    package let pool: DatabasePool
    /// Copies the log into the file off the commit path (no commit checkpoints).
    package let checkpointer: WALCheckpointer
    /// Read the session behind each authorized request on the request's own thread.
    package let callingThreadReaders: CallingThreadReaders
    /// Document changes, for change streams: this process's own offered after each commit, and
    /// every process's read from `document_changes` (`SQLiteServerStore+Changes`).
    package let changes = DocumentChangeHub()
    private let following: Task<Void, Never>

    /// Opens (creating and migrating) the database at `path`; its log is checkpointed every
    /// `checkpointEvery`.
    package init(path: String, checkpointEvery: Duration = .seconds(1)) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(15)
        configuration.foreignKeysEnabled = true
        configuration.label = "roster-server"
        configuration.prepareDatabase { db in
            try db.execute(sql: SQLiteServerStore.synchronousPragma)
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
        }
        // The file holds password hashes and the token signing secret: owner only, from its first
        // byte. SQLite creates its -wal and -shm files with the database file's mode, so it is
        // made 0600 before SQLite opens it; files an earlier version left readable are narrowed.
        let manager = FileManager.default
        if !manager.fileExists(atPath: path), !manager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) {
            throw ServerStoreError.cannotOpen(path: path, reason: "the file cannot be created")
        }
        for file in [path, path + "-wal", path + "-shm"] where manager.fileExists(atPath: file) {
            try? manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw ServerStoreError.cannotOpen(path: path, reason: "\(error)")
        }
        let migrator = SQLiteMigrations.migrator
        do {
            try migrator.migrate(pool)
        } catch {
            // Another process may have applied the same migration in between; once more sees it.
            do {
                try migrator.migrate(pool)
            } catch {
                throw ServerStoreError.cannotOpen(path: path, reason: "migration failed: \(error)")
            }
        }
        do {
            checkpointer = try WALCheckpointer(path: path, every: checkpointEvery)
            // As many as the threads that run requests: one each, so they seldom find none idle.
            callingThreadReaders = try CallingThreadReaders(
                path: path, count: ProcessInfo.processInfo.activeProcessorCount, configuration: configuration)
            // The changes already written are not news to this process's watchers.
            changes.start(after: try Self.newestChange(pool))
        } catch {
            throw ServerStoreError.cannotOpen(path: path, reason: "\(error)")
        }
        following = Self.follow(pool, hub: changes)
    }

    deinit {
        following.cancel()
    }

    package func signingSecret(name: String, ifAbsent candidate: [UInt8]) async throws -> [UInt8] {
        try await durableWrite { db in
            try db.execute(
                sql: "INSERT INTO signing_secrets (name, secret) VALUES (?, ?) ON CONFLICT(name) DO NOTHING",
                arguments: [name, Data(candidate)])
            let stored = try Data.fetchOne(db, sql: "SELECT secret FROM signing_secrets WHERE name = ?", arguments: [name])
            return Array(stored ?? Data(candidate))
        }
    }

    // MARK: Documents

    /// On the calling thread when a reader is idle (`CallingThreadReaders`): the user's custom
    /// data, an index seek, is read behind every log-in, refresh and JavaScript function run.
    package func document(_ selector: DocumentSelector) async throws -> DocumentRecord? {
        let read = { @Sendable (db: Database) throws -> DocumentRecord? in try Self.document(db, selector) }
        if let found = try callingThreadReaders.read(read) { return found }
        return try await pool.read(read)
    }

    package func replaceDocument(_ selector: DocumentSelector, with record: DocumentRecord) async throws {
        let hub = changes
        try await pool.write { db in
            try Self.record([try Self.replaceDocument(db, selector, with: record, at: hub.now())], db, hub: hub)
        }
    }

    /// The first document whose field holds the value (custom user data, behind every log-in
    /// and refresh): an index seek when the field is the collection's owner field.
    package static func document(_ db: Database, _ selector: DocumentSelector) throws -> DocumentRecord? {
        let scope = DocumentScope(
            appId: selector.appId, database: selector.database, collection: selector.collection, field: selector.field,
            value: selector.value)
        return try cursor(db, scope).next()
    }

    /// Replaces the selected document's body (keeping its `_id`), or inserts `record`.
    /// Answers the change it made.
    @discardableResult
    package static func replaceDocument(_ db: Database, _ selector: DocumentSelector, with record: DocumentRecord, at time: Date = Date())
        throws -> DocumentChange
    {
        let ownerField = try ownerField(db, appId: selector.appId, database: selector.database, collection: selector.collection)
        let existing = try document(db, selector)
        let replacement = DocumentWriteRule.replacement(of: existing, with: record, ownerField: ownerField)
        switch replacement {
        case .update(let replaced): try replaced.update(db)
        case .insert(let inserted): try inserted.insert(db)
        }
        return DocumentChangeRule.change(replacement, replacing: existing, at: time)
    }

    /// A JSON path naming one top-level field, quoted so any field name is safe.
    package static func jsonPath(_ field: String) -> String {
        "$.\"" + field.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// Why the server store could not be used.
public enum ServerStoreError: Error, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open the server database \(path): \(reason)"
        }
    }
}
