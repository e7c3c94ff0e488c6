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
    static let revisionKey = "revision"

    let pool: DatabasePool
    let file: URL
    var location: String { file.path }
    private let ownRevision = Mutex<Int?>(nil)

    init(directory: URL) throws {
        file = directory.appendingPathComponent(Self.fileName)
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
            // Prove the schema is readable now, not at the first getter.
            _ = try pool.read { db in try StoredUser.fetchCount(db) }
        } catch {
            throw RosterError.storeUnreadable(path: file.path, reason: Self.reason(error))
        }
        PrivateFiles.restrict([file, URL(fileURLWithPath: file.path + "-wal"), URL(fileURLWithPath: file.path + "-shm")])
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "SQLite error \(error.resultCode)" }
        return "\(error)"
    }

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.read(body)
        } catch let error as RosterError {
            throw error
        } catch {
            throw RosterError.storeUnreadable(path: file.path, reason: Self.reason(error))
        }
    }

    private func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.write { db in
                let result = try body(db)
                let revision = try Self.revision(db) + 1
                try Self.setMetadata(Self.revisionKey, String(revision), db)
                ownRevision.withLock { $0 = revision }
                return result
            }
        } catch let error as RosterError {
            throw error
        } catch {
            throw RosterError.storeFailed(Self.reason(error))
        }
    }

    func revision() throws -> Int {
        try read { db in try Self.revision(db) }
    }

    var lastOwnRevision: Int? { ownRevision.withLock { $0 } }

    func user(id: String) throws -> StoredUser? {
        try read { db in try StoredUser.fetchOne(db, key: id) }
    }

    func users() throws -> [StoredUser] {
        try users { $0 }
    }

    func knownDeviceId() throws -> String? {
        try read { db in
            try String.fetchOne(db, StoredUser.select(StoredUser.Columns.deviceId).filter(StoredUser.Columns.deviceId != nil).limit(1))
        }
    }

    /// Every user, most recently active first, as `transform` makes it. A device may hold
    /// thousands of users: rows are read in batches, each decoded and transformed on every core,
    /// so only one batch of full rows (with their tokens) is in memory at a time.
    func users<T>(_ transform: @Sendable (StoredUser) throws -> T) throws -> [T] {
        try read { db in
            var results: [T] = []
            var batch: [Row] = []
            let rows = try Row.fetchCursor(db, StoredUser.order(StoredUser.Columns.lastActive.desc, StoredUser.Columns.id))
            while let row = try rows.next() {
                batch.append(row.copy())
                if batch.count == 1024 {
                    results += try batch.parallelMap { try transform(StoredUser(row: $0)) }
                    batch.removeAll(keepingCapacity: true)
                }
            }
            return results + (try batch.parallelMap { try transform(StoredUser(row: $0)) })
        }
    }

    func currentUserId() throws -> String? {
        try read { db in try Self.currentUserId(db) }
    }

    func loggedInAnonymousUser() throws -> StoredUser? {
        try users().first { $0.state == .loggedIn && $0.isAnonymous }
    }

    func saveLogIn(_ login: LoginRecord, newEntry: String, at: Date) throws -> StoredUser {
        try write { db in
            var user = try StoredUser.fetchOne(db, key: login.id)
                ?? StoredUser(id: login.id, entry: newEntry, state: .loggedIn, identities: [], profile: [:])
            user.state = .loggedIn
            user.refreshToken = login.refreshToken
            user.accessToken = login.accessToken
            user.accessTokenReceivedAt = login.receivedAt
            user.deviceId = login.deviceId ?? user.deviceId
            user.identities = login.identities
            user.profile = login.profile
            user.lastActive = at
            try user.save(db)
            try Self.setCurrentUserId(login.id, db)
            return user
        }
    }

    func makeCurrent(id: String, entry: String, at: Date) throws -> SwitchOutcome {
        try write { db in
            guard var user = try StoredUser.fetchOne(db, key: id), user.entry == entry else { return .gone }
            guard user.state == .loggedIn else { return .notLoggedIn(user) }
            user.lastActive = at
            try user.update(db)
            try Self.setCurrentUserId(id, db)
            return .switched(user)
        }
    }

    func storeAccessToken(
        id: String, entry: String, usedRefreshToken: String, accessToken: String, refreshToken: String?,
        receivedAt: Date
    ) throws -> StoredUser? {
        try write { db in
            guard var user = try StoredUser.fetchOne(db, key: id), user.entry == entry, user.state == .loggedIn,
                user.refreshToken == usedRefreshToken
            else { return nil }
            user.accessToken = accessToken
            user.refreshToken = refreshToken ?? usedRefreshToken
            user.accessTokenReceivedAt = receivedAt
            // Reading or refreshing a user's data does not make it active: only log-in and
            // switch do (BEHAVIOURS 17), so the list does not reshuffle under the cursor.
            try user.update(db)
            return user
        }
    }

    func endSession(id: String, entry: String, remove: Bool, onlyIfRefreshToken: String?) throws -> EndedSession? {
        try write { db in
            guard let before = try StoredUser.fetchOne(db, key: id), before.entry == entry else { return nil }
            if let expected = onlyIfRefreshToken, before.refreshToken != expected { return nil }
            if remove {
                try StoredUser.deleteOne(db, key: id)
            } else {
                var after = before.withoutSession
                after.state = .loggedOut
                try after.update(db)
            }
            var current = try Self.currentUserId(db)
            if current == id {
                current = try StoredUser.filter(StoredUser.Columns.state == UserState.loggedIn.rawValue)
                    .order(StoredUser.Columns.lastActive.desc).fetchOne(db)?.id
                try Self.setCurrentUserId(current, db)
            }
            return EndedSession(before: before, currentUserId: current)
        }
    }

    func updateProfile(id: String, entry: String, identities: [Identity], profile: [String: JSONValue]) throws {
        try write { db in
            guard var user = try StoredUser.fetchOne(db, key: id), user.entry == entry else { return }
            user.identities = identities
            user.profile = profile
            try user.update(db)
        }
    }

    private static func currentUserId(_ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM metadata WHERE key = ?", arguments: [currentUserKey])
    }

    private static func revision(_ db: Database) throws -> Int {
        try String.fetchOne(db, sql: "SELECT value FROM metadata WHERE key = ?", arguments: [revisionKey]).flatMap(Int.init) ?? 0
    }

    private static func setMetadata(_ key: String, _ value: String, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO metadata (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            arguments: [key, value])
    }

    private static func setCurrentUserId(_ id: String?, _ db: Database) throws {
        if let id {
            try setMetadata(currentUserKey, id, db)
        } else {
            try db.execute(sql: "DELETE FROM metadata WHERE key = ?", arguments: [currentUserKey])
        }
    }
}
