import Foundation
import GRDB

extension SQLiteDeviceStore {
    /// `limit` users in `order` that `filter` lets through, from `anchor` (half a window before
    /// an anchoring user), the current user wherever they are, how many the filter lets through,
    /// how many users there are and the revision, all of one read, each user as `transform`
    /// makes it from the row and the current user's id. Each order walks its index
    /// (`user_by_recent`, `user_by_name`), so the cost grows with the window and the offset, not
    /// with the rows after them; a filter adds one pass over the users to count them.
    func userWindow<T>(
        order: UserOrder, filter: UserListFilter, anchor: UserWindowAnchor, limit: Int, _ transform: @Sendable (StoredUser, String?) throws -> T
    ) throws -> (rows: [T], current: T?, offset: Int, count: Int, total: Int, revision: Int) {
        try read { db in
            let currentId = try Self.currentUserId(db)
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0
            let condition = WindowFilter(filter)
            let count = filter.isEveryone ? total : try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user WHERE \(condition.sql)", arguments: condition.arguments) ?? 0
            var start: Int
            switch anchor {
            case .offset(let offset): start = offset
            case .current:
                start = 0
                if let currentId, let position = try Self.position(of: currentId, in: order, filter: condition, db) { start = position - limit / 2 }
            case .user(let id, let otherwise):
                start = otherwise
                if let position = try Self.position(of: id, in: order, filter: condition, db) { start = position - limit / 2 }
            }
            start = max(0, min(start, count - limit))
            let request = StoredUser.filter(sql: condition.sql, arguments: condition.arguments).order(sql: order.sqlOrdering)
            let rows = try Row.fetchAll(db, request.limit(limit, offset: start)).map(StoredUser.init(row:))
            let current = try currentId.flatMap { id in try rows.first { $0.id == id } ?? StoredUser.fetchOne(db, key: id) }
            return (
                try rows.map { try transform($0, currentId) }, try current.map { try transform($0, currentId) }, start, count, total,
                try Self.revision(db)
            )
        }
    }

    /// Where, in `order` and among the users `filter` lets through, those whose name or id holds
    /// `text` (lowercased) are: the find-as-you-type of a list too long to hold. One walk of the
    /// order's index, each user's test worked out by SQLite and counted here.
    func userPositions(order: UserOrder, filter: UserListFilter, holding text: String) throws -> [Int] {
        try read { db in
            let condition = WindowFilter(filter)
            let tests = try Bool.fetchCursor(
                db, sql: "SELECT \(WindowFilter.holds) FROM user WHERE \(condition.sql) ORDER BY \(order.sqlOrdering)",
                arguments: [text, text] + condition.arguments)
            var positions: [Int] = []
            var position = 0
            while let holds = try tests.next() {
                if holds { positions.append(position) }
                position += 1
            }
            return positions
        }
    }

    /// How many users `filter` lets through before `id` in `order`; nil when it does not let
    /// `id` through (or there is no such user).
    static func position(of id: String, in order: UserOrder, filter: WindowFilter = WindowFilter(.everyone), _ db: Database) throws -> Int? {
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM user WHERE id = ? AND \(filter.sql))", arguments: [id] + filter.arguments) == true
        else { return nil }
        switch order {
        case .recent:
            guard let row = try Row.fetchOne(db, sql: "SELECT last_active FROM user WHERE id = ?", arguments: [id]) else { return nil }
            let lastActive: Double? = row[0]
            if let lastActive {
                return try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM user WHERE (last_active > ? OR (last_active = ? AND id < ?)) AND \(filter.sql)",
                    arguments: [lastActive, lastActive, id] + filter.arguments)
            }
            return try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM user WHERE (last_active IS NOT NULL OR id < ?) AND \(filter.sql)", arguments: [id] + filter.arguments)
        case .name:
            guard let name = try String.fetchOne(db, sql: "SELECT list_name FROM user WHERE id = ?", arguments: [id]) else { return nil }
            return try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM user WHERE (list_name < ? OR (list_name = ? AND id < ?)) AND \(filter.sql)",
                arguments: [name, name, id] + filter.arguments)
        }
    }
}

extension UserOrder {
    /// The `ORDER BY` of this order, the columns of its index.
    var sqlOrdering: String { self == .recent ? "last_active DESC, id" : "list_name, id" }
}

/// A `UserListFilter` as an SQL condition on the `user` table, with its arguments. Text is
/// found as `UserFilter` finds it in memory, in the list name and the id: the list name is the
/// display name without case (Swift's rule, worked out when written), which is the email
/// whenever the profile has one, so the email needs no test of its own; ids are ASCII (the
/// server's hexadecimal ObjectIds), which SQLite's `lower` folds as Swift does. Both are in each
/// order's index, so a filter or a find walks an index, not the rows.
struct WindowFilter {
    let sql: String
    let arguments: StatementArguments

    /// Whether the name or id holds the text given twice as arguments.
    static let holds = "(instr(list_name, ?) > 0 OR instr(lower(id), ?) > 0)"

    init(_ filter: UserListFilter) {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let types = filter.providerTypes {
            let marks = types.isEmpty ? "NULL" : Array(repeating: "?", count: types.count).joined(separator: ", ")
            conditions.append("EXISTS (SELECT 1 FROM json_each(user.identities) WHERE json_extract(value, '$.provider_type') IN (\(marks)))")
            arguments += StatementArguments(types)
        }
        if !filter.text.isEmpty {
            conditions.append(Self.holds)
            arguments += [filter.text, filter.text]
        }
        sql = conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
        self.arguments = arguments
    }
}
