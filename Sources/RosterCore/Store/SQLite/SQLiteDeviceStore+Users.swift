import Foundation
import GRDB
import RosterWire

extension SQLiteDeviceStore {
    func revision() throws -> Int {
        try read { db in try Self.revision(db) }
    }

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
        try users(in: .recent, transform)
    }

    /// `users(_:)` in `order`, each order walking its index.
    func users<T>(in order: UserOrder, _ transform: @Sendable (StoredUser) throws -> T) throws -> [T] {
        try read { db in
            var results: [T] = []
            var batch: [Row] = []
            let rows = try Row.fetchCursor(db, StoredUser.order(sql: order.sqlOrdering))
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

    func previousUserId() throws -> String? {
        try read { db in try Self.metadata(Self.previousUserKey, db) }
    }

    func loggedInAnonymousUser() throws -> StoredUser? {
        try users().first { $0.state == .loggedIn && $0.isAnonymous }
    }

    func makeCurrent(id: String, entry: String, at: Date) throws -> SwitchOutcome {
        try write { db in
            guard var user = try StoredUser.fetchOne(db, key: id), user.entry == entry else { return .gone }
            guard user.state == .loggedIn else { return .notLoggedIn(user) }
            user.lastActive = at
            try user.update(db)
            try Self.setCurrentUserId(id, db)
            try Self.recordActivity(at: at, db)  // someone is at the device (BEHAVIOURS 52)
            return .switched(user)
        }
    }

    func clearCurrentUser() throws {
        try write { db in try Self.setCurrentUserId(nil, db) }
    }

    func updateProfile(id: String, entry: String, identities: [Identity], profile: JSONObject) throws {
        try write { db in
            guard var user = try StoredUser.fetchOne(db, key: id), user.entry == entry else { return }
            user.identities = identities
            user.profile = profile
            try user.update(db)
        }
    }
}
