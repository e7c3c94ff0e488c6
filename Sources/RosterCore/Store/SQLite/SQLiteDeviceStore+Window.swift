import Foundation
import GRDB

extension SQLiteDeviceStore {
    /// `limit` users in `order` from `offset` (or, `aroundCurrent`, from half a window before
    /// the current user), the current user wherever they are, how many users there are and the
    /// revision, all of one read, each user as `transform` makes it from the row and the current
    /// user's id. Each order walks its index (`user_by_recent`, `user_by_name`), so the cost
    /// grows with the window and the offset, not with the rows after them.
    func userWindow<T>(
        order: UserOrder, aroundCurrent: Bool, offset: Int, limit: Int, _ transform: @Sendable (StoredUser, String?) throws -> T
    ) throws -> (rows: [T], current: T?, offset: Int, total: Int, revision: Int) {
        try read { db in
            let currentId = try Self.currentUserId(db)
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0
            var start = offset
            if aroundCurrent, let currentId, let position = try Self.position(of: currentId, in: order, db) { start = position - limit / 2 }
            start = max(0, min(start, total - limit))
            let ordering = order == .recent ? "last_active DESC, id" : "list_name, id"
            let rows = try Row.fetchAll(db, StoredUser.order(sql: ordering).limit(limit, offset: start)).map(StoredUser.init(row:))
            let current = try currentId.flatMap { id in try rows.first { $0.id == id } ?? StoredUser.fetchOne(db, key: id) }
            return (try rows.map { try transform($0, currentId) }, try current.map { try transform($0, currentId) }, start, total, try Self.revision(db))
        }
    }

    /// How many users come before `id` in `order`; nil when there is no such user.
    static func position(of id: String, in order: UserOrder, _ db: Database) throws -> Int? {
        switch order {
        case .recent:
            guard let row = try Row.fetchOne(db, sql: "SELECT last_active FROM user WHERE id = ?", arguments: [id]) else { return nil }
            let lastActive: Double? = row[0]
            if let lastActive {
                return try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM user WHERE last_active > ? OR (last_active = ? AND id < ?)",
                    arguments: [lastActive, lastActive, id])
            }
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user WHERE last_active IS NOT NULL OR id < ?", arguments: [id])
        case .name:
            guard let name = try String.fetchOne(db, sql: "SELECT list_name FROM user WHERE id = ?", arguments: [id]) else { return nil }
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user WHERE list_name < ? OR (list_name = ? AND id < ?)", arguments: [name, name, id])
        }
    }
}
