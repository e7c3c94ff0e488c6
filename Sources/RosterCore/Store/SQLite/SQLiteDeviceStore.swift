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
    static let policyKey = "policy"
    static let lockAfterKey = "lock_after"
    static let onIdleKey = "on_idle"
    static let deviceKeyIdKey = "device_key_id"

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
            user.sealed = try login.seal(user.entry)
            user.revocationBox = try login.sealRevocation(user.entry)
            user.accessTokenReceivedAt = login.receivedAt
            user.accessTokenLifetime = login.lifetime
            user.deviceId = login.deviceId ?? user.deviceId
            user.identities = login.identities
            user.profile = login.profile
            user.lastActive = at
            user.wrongSecrets = 0
            user.secretRetryAt = nil
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

    func clearCurrentUser() throws {
        try write { db in try Self.setCurrentUserId(nil, db) }
    }

    func storeSession(
        id: String, entry: String, replacing: Data, sealed: SealedSession, receivedAt: Date?, lifetime: TimeInterval?
    ) throws -> StoredUser? {
        try write { db in
            guard var user = try StoredUser.fetchOne(db, key: id), user.entry == entry, user.state == .loggedIn,
                user.sealed?.box == replacing
            else { return nil }
            user.sealed = sealed
            if let receivedAt { user.accessTokenReceivedAt = receivedAt }
            if let lifetime { user.accessTokenLifetime = lifetime }
            // Reading or refreshing a user's data does not make it active: only log-in and
            // switch do (BEHAVIOURS 17), so the list does not reshuffle under the cursor.
            try user.update(db)
            return user
        }
    }

    func endSession(id: String, entry: String, remove: Bool, onlyIfBox: Data?, chooseNext: Bool) throws -> EndedSession? {
        try write { db in try Self.endSession(id: id, entry: entry, remove: remove, onlyIfBox: onlyIfBox, chooseNext: chooseNext, db) }
    }

    private static func endSession(
        id: String, entry: String, remove: Bool, onlyIfBox: Data?, chooseNext: Bool, _ db: Database
    ) throws -> EndedSession? {
        guard let before = try StoredUser.fetchOne(db, key: id), before.entry == entry else { return nil }
        if let expected = onlyIfBox, before.sealed?.box != expected { return nil }
        if remove {
            try StoredUser.deleteOne(db, key: id)
        } else {
            var after = before.withoutSession
            after.state = .loggedOut
            after.wrongSecrets = 0
            after.secretRetryAt = nil
            try after.update(db)
        }
        var current = try currentUserId(db)
        if current == id {
            current = chooseNext
                ? try StoredUser.filter(StoredUser.Columns.state == UserState.loggedIn.rawValue)
                    .order(StoredUser.Columns.lastActive.desc).fetchOne(db)?.id
                : nil
            try setCurrentUserId(current, db)
        }
        return EndedSession(before: before, currentUserId: current)
    }

    func beginSecretTry(id: String, entry: String, at: Date, delay: @Sendable (Int) -> TimeInterval?) throws -> SecretTry {
        try write { db in
            guard var user = try StoredUser.fetchOne(db, key: id), user.entry == entry else { return .gone }
            if let retryAt = user.secretRetryAt, retryAt > at { return .waiting(until: retryAt) }
            user.wrongSecrets += 1
            user.secretRetryAt = delay(user.wrongSecrets).map { at.addingTimeInterval($0) }
            try user.update(db)
            return .counted(user.wrongSecrets)
        }
    }

    func clearWrongSecrets(id: String, entry: String) throws {
        try write { db in
            _ = try StoredUser.filter(key: id).filter(StoredUser.Columns.entry == entry)
                .updateAll(db, StoredUser.Columns.wrongSecrets.set(to: 0), StoredUser.Columns.secretRetryAt.set(to: nil))
        }
    }

    func policy() throws -> DevicePolicy {
        try read { db in
            let switching = try Self.metadata(Self.policyKey, db).flatMap(SwitchingPolicy.init(rawValue:)) ?? .open
            let lockAfter = try Self.metadata(Self.lockAfterKey, db).flatMap(TimeInterval.init)
            let onIdle = try Self.metadata(Self.onIdleKey, db).flatMap(IdleAction.init(rawValue:)) ?? .lock
            return DevicePolicy(switching: switching, lockAfter: lockAfter, onIdle: onIdle)
        }
    }

    func applyPolicy(_ policy: DevicePolicy, sessions: [PolicySessionChange]) throws {
        try write { db in
            for change in sessions {
                guard var user = try StoredUser.fetchOne(db, key: change.id), user.entry == change.entry,
                    user.state == .loggedIn, user.sealed?.box == change.replacing
                else {
                    throw RosterError.invalidRequest("a user's session changed meanwhile; nothing was changed, try again")
                }
                if let sealed = change.sealed {
                    user.sealed = sealed
                    try user.update(db)
                } else {
                    _ = try Self.endSession(id: change.id, entry: change.entry, remove: user.isAnonymous, onlyIfBox: nil, chooseNext: false, db)
                }
            }
            try Self.setMetadata(Self.policyKey, policy.switching.rawValue, db)
            try Self.setMetadata(Self.onIdleKey, policy.onIdle.rawValue, db)
            if let lockAfter = policy.lockAfter {
                try Self.setMetadata(Self.lockAfterKey, String(lockAfter), db)
            } else {
                try db.execute(sql: "DELETE FROM metadata WHERE key = ?", arguments: [Self.lockAfterKey])
            }
        }
    }

    func deviceKeyId() throws -> String? {
        try read { db in try Self.metadata(Self.deviceKeyIdKey, db) }
    }

    func setDeviceKeyId(_ id: String) throws {
        try write { db in try Self.setMetadata(Self.deviceKeyIdKey, id, db) }
    }

    func legacyTokens() throws -> [LegacyTokens] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, entry, refresh_token, access_token FROM user
                WHERE refresh_token IS NOT NULL AND access_token IS NOT NULL
                """).map { row in
                LegacyTokens(id: row[0], entry: row[1], secrets: SessionSecrets(refreshToken: row[2], accessToken: row[3]))
            }
        }
    }

    func sealLegacyTokens(id: String, sealed: SealedSession, lifetime: TimeInterval?) throws {
        try write { db in
            guard var user = try StoredUser.fetchOne(db, key: id) else { return }
            user.sealed = sealed
            user.accessTokenLifetime = lifetime
            try user.update(db)
            try db.execute(sql: "UPDATE user SET refresh_token = NULL, access_token = NULL WHERE id = ?", arguments: [id])
        }
    }

    func appendHistory(_ entry: HistoryEntry) throws {
        try write { db in
            try db.execute(
                sql: "INSERT INTO history (at, event, user_id, user_name) VALUES (?, ?, ?, ?)",
                arguments: [entry.at.timeIntervalSince1970, entry.event.rawValue, entry.userId, entry.userName])
            // A short history: the newest thousand lines.
            try db.execute(sql: "DELETE FROM history WHERE id <= (SELECT MAX(id) FROM history) - 1000")
        }
    }

    func history(limit: Int) throws -> [HistoryEntry] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT at, event, user_id, user_name FROM history ORDER BY id DESC LIMIT ?", arguments: [limit])
                .compactMap { row in
                    guard let event = HistoryEntry.Event(rawValue: row[1]) else { return nil }
                    return HistoryEntry(at: Date(timeIntervalSince1970: row[0]), event: event, userId: row[2], userName: row[3])
                }
        }
    }

    func queueRevocation(userId: String, entry: String, sealed: SealedSession, at: Date) throws {
        try write { db in
            try db.execute(
                sql: "INSERT INTO revocation (user_id, entry, sealed_box, sealed_by, queued_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [userId, entry, sealed.box, sealed.sealedBy, at.timeIntervalSince1970])
        }
    }

    func pendingRevocations() throws -> [QueuedRevocation] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, user_id, entry, sealed_box, sealed_by FROM revocation ORDER BY id").map { row in
                QueuedRevocation(id: row[0], userId: row[1], entry: row[2], sealed: SealedSession(box: row[3], kind: .device, sealedBy: row[4]))
            }
        }
    }

    func deleteRevocation(id: Int64) throws {
        try write { db in try db.execute(sql: "DELETE FROM revocation WHERE id = ?", arguments: [id]) }
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
        try metadata(currentUserKey, db)
    }

    private static func metadata(_ key: String, _ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM metadata WHERE key = ?", arguments: [key])
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
