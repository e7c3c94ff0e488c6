import Foundation
import GRDB

/// The device store read as a shell prompt reads it at every line (`roster whoami --short`): one
/// read-only connection and a few rows, the users' names alone. Nothing is made, migrated,
/// sealed or tightened, and no session is opened, so it answers in the time of those reads, not
/// of opening an `App`. It reads only a store an `App` would open as it is: one that is there,
/// at this Roster's schema, beside the device key its sessions were sealed with, and holding no
/// tokens an earlier version left in the clear. For any other `open` gives nil, and the caller
/// opens the `App`, which makes, migrates, seals or reports it as it always does.
///
///     if let glance = DeviceStoreGlance.open(directory: deviceDirectory) {
///         print(try glance.activeUser()?.displayName ?? "nobody")
///     }
public struct DeviceStoreGlance: Sendable {
    let queue: DatabaseQueue
    let file: URL

    /// The glance at the store in `directory`, or nil when an `App` must open it (above).
    public static func open(directory: URL) -> DeviceStoreGlance? {
        let file = directory.appendingPathComponent(SQLiteDeviceStore.fileName)
        guard access(file.path, R_OK) == 0 else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        configuration.label = "RosterDeviceStoreGlance"
        guard let queue = try? DatabaseQueue(path: file.path, configuration: configuration),
            (try? queue.read({ db in try Self.opensAsItIs(db, directory: directory) })) == true
        else { return nil }
        return DeviceStoreGlance(queue: queue, file: file)
    }

    /// Whether an `App` would open the store without changing it: every migration of this
    /// Roster's and no other applied, the device key in place, no tokens in the clear and no
    /// user without a list name (`ListNames`). Each is an indexed look.
    static func opensAsItIs(_ db: Database, directory: URL) throws -> Bool {
        let migrator = DeviceStoreMigrations.migrator
        guard try migrator.hasCompletedMigrations(db), try !migrator.hasBeenSuperseded(db),
            let keyId = try SQLiteDeviceStore.metadata(SQLiteDeviceStore.deviceKeyIdKey, db),
            DeviceKey.isInPlace(in: directory, id: keyId)
        else { return false }
        let sql = """
            SELECT NOT EXISTS (\(SQLiteDeviceStore.legacyTokensQuery))
            AND NOT EXISTS (SELECT 1 FROM user WHERE list_name IS NULL)
            """
        return try Bool.fetchOne(db, sql: sql) ?? false
    }

    /// The active user's names, when someone is active and logged in (`App.currentUser`).
    public func activeUser() throws -> UserNames? {
        try read { db in
            guard let id = try SQLiteDeviceStore.currentUserId(db),
                let row = try Row.fetchOne(
                    db, sql: "SELECT id, identities, profile, last_active FROM user WHERE id = ? AND state = ?",
                    arguments: [id, UserState.loggedIn.rawValue])
            else { return nil }
            return try SQLiteDeviceStore.names(of: row)
        }
    }

    /// The users `text` may name, most recently active first (`App.usersPossiblyNamed`).
    public func usersPossiblyNamed(_ text: String) throws -> [UserNames] {
        try read { db in try SQLiteDeviceStore.usersPossiblyNamed(text, in: db) }
    }

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.read(body)
        } catch {
            throw RosterError.storeUnreadable(path: file.path, reason: SQLiteDeviceStore.reason(error))
        }
    }
}
