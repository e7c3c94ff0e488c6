import Foundation
import GRDB
import RosterWire
import Synchronization

/// The device store in one SQLite file, `directory/device.sqlite`, through a GRDB
/// `DatabasePool` in WAL mode with a busy timeout, so several processes can share it. A file
/// that cannot be opened is reported as `RosterError.storeUnreadable` and left untouched.
///
///     let store = try SQLiteDeviceStore(directory: deviceDirectory)
final class SQLiteDeviceStore: DeviceStore {
    static let fileName = "device.sqlite"
    static let currentUserKey = "current_user_id"
    static let previousUserKey = "previous_user_id"
    static let revisionKey = "revision"
    static let policyKey = "policy"
    static let lockAfterKey = "lock_after"
    static let onIdleKey = "on_idle"
    static let kioskKey = "kiosk"
    static let unlockKey = "unlock"
    static let deviceKeyIdKey = "device_key_id"

    let pool: DatabasePool
    let file: URL
    /// Room kept for a refreshed session on a full disk (`DiskReserve`).
    let reserve: DiskReserve
    var location: String { file.path }
    private let ownRevisions = Mutex(OwnRevisions())

    func wroteEveryRevision(after seen: Int, through now: Int) -> Bool {
        ownRevisions.withLock { $0.containsEvery(after: seen, through: now) }
    }

    init(directory: URL, reserveSize: Int = DiskReserve.defaultSize) throws {
        file = directory.appendingPathComponent(Self.fileName)
        reserve = DiskReserve(beside: file, size: reserveSize)
        do {
            try PrivateFiles.makeDirectory(directory)
            try PrivateFiles.touchFile(file)
        } catch {
            throw RosterError.storeUnreadable(path: file.path, reason: "cannot create it: \(error.localizedDescription)")
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "RosterDeviceStore"
        // Deleted tokens are overwritten, not left in free pages.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA secure_delete = ON") }
        do {
            pool = try DatabasePool(path: file.path, configuration: configuration)
            try DeviceStoreMigrations.migrator.migrate(pool)
            // Prove the schema is readable now, not at the first getter: one row, every column
            // (a count would read every user).
            _ = try pool.read { db in try Row.fetchOne(db, StoredUser.limit(1)) }
            try ListNames.fill(pool)
        } catch {
            throw RosterError.storeUnreadable(path: file.path, reason: Self.reason(error))
        }
        PrivateFiles.restrict([file, URL(fileURLWithPath: file.path + "-wal"), URL(fileURLWithPath: file.path + "-shm")])
        // After the open, so the WAL and its index have their room first.
        reserve.make()
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "SQLite error \(error.resultCode)" }
        return "\(error)"
    }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.read(body)
        } catch let error as RosterError {
            throw error
        } catch {
            throw RosterError.storeUnreadable(path: file.path, reason: Self.reason(error))
        }
    }

    /// One write transaction. `releasingReserve`: a write the disk refuses gives up the store's
    /// reserve (`DiskReserve`) and is tried once more.
    func write<T>(releasingReserve: Bool = false, _ body: (Database) throws -> T) throws -> T {
        var marked: Int?
        do {
            return try pool.write { db in
                let result = try body(db)
                let revision = try Self.revision(db) + 1
                try Self.setMetadata(Self.revisionKey, String(revision), db)
                // Marked ours before the commit: no watcher sees it committed and not yet ours.
                ownRevisions.withLock { $0.insert(revision) }
                marked = revision
                return result
            }
        } catch {
            if let marked { ownRevisions.withLock { $0.remove(marked) } }
            if let error = error as? DatabaseError, releasingReserve, error.resultCode == .SQLITE_FULL, reserve.release() {
                return try write(body)
            }
            if let error = error as? RosterError { throw error }
            throw RosterError.storeFailed(Self.reason(error))
        }
    }

    static func currentUserId(_ db: Database) throws -> String? {
        try metadata(currentUserKey, db)
    }

    static func metadata(_ key: String, _ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM metadata WHERE key = ?", arguments: [key])
    }

    static func revision(_ db: Database) throws -> Int {
        try String.fetchOne(db, sql: "SELECT value FROM metadata WHERE key = ?", arguments: [revisionKey]).flatMap(Int.init) ?? 0
    }

    static func setMetadata(_ key: String, _ value: String, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO metadata (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            arguments: [key, value])
    }

    static func setCurrentUserId(_ id: String?, _ db: Database) throws {
        if let id, let was = try currentUserId(db), was != id { try setMetadata(previousUserKey, was, db) }
        if let id {
            try setMetadata(currentUserKey, id, db)
        } else {
            try db.execute(sql: "DELETE FROM metadata WHERE key = ?", arguments: [currentUserKey])
        }
    }
}
