import Foundation
import GRDB
import RosterWire

extension SQLiteDeviceStore {
    /// The users `text` may name (see `App.usersPossiblyNamed`), in one read: an id that begins
    /// with it walks the primary key, a list name that begins with it (lowercased) walks
    /// `user_by_name`, an id that holds it scans the ids' index alone; only the profile names of
    /// users who also have an email (their list name is the email) are read from the rows. The
    /// text is bound as a value and compared as a range, never as a pattern, so `%`, `_` and
    /// `*` in it mean themselves.
    func usersPossiblyNamed(_ text: String) throws -> [UserNames] {
        try read { db in try Self.usersPossiblyNamed(text, in: db) }
    }

    /// `usersPossiblyNamed` in a read already open: the store's and `DeviceStoreGlance`'s.
    static func usersPossiblyNamed(_ text: String, in db: Database) throws -> [UserNames] {
        let lowered = text.lowercased()
        let columns = "id, identities, profile, last_active"
        var found: [String: Row] = [:]
        func collect(_ sql: String, _ arguments: StatementArguments) throws {
            let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try rows.next() { found[row[0] as String] = row.copy() }
        }
        try collect("SELECT \(columns) FROM user WHERE \(Self.prefixCondition("id", text))", Self.prefixArguments(text))
        try collect("SELECT \(columns) FROM user WHERE \(Self.prefixCondition("list_name", lowered))", Self.prefixArguments(lowered))
        if !lowered.isEmpty {
            // Ids are short: the scan reads the primary key's index, not the rows.
            try collect("SELECT \(columns) FROM user WHERE id IN (SELECT id FROM user WHERE instr(id, ?) > 0)", [lowered])
        }
        // A user with an email is listed by it, so their profile name is in no index.
        let named = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, json_extract(profile, '$.name') FROM user
                WHERE json_type(profile, '$.email') = 'text' AND json_extract(profile, '$.email') <> ''
                AND json_type(profile, '$.name') = 'text'
                """)
        var byName: [String] = []
        while let row = try named.next() {
            let (id, name): (String, String) = (row[0], row[1])
            if found[id] == nil, name.lowercased().hasPrefix(lowered) { byName.append(id) }
        }
        for chunk in stride(from: 0, to: byName.count, by: 500) {
            let ids = byName[chunk..<min(byName.count, chunk + 500)]
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            try collect("SELECT \(columns) FROM user WHERE id IN (\(marks))", StatementArguments(Array(ids)))
        }
        return try found.values.sorted(by: Self.mostRecentFirst).map(Self.names(of:))
    }

    /// `column` begins with the text given as `prefixArguments`: a range of the column's index.
    static func prefixCondition(_ column: String, _ prefix: String) -> String {
        prefixEnd(prefix) == nil ? "\(column) >= ?" : "\(column) >= ? AND \(column) < ?"
    }

    static func prefixArguments(_ prefix: String) -> StatementArguments {
        if let end = prefixEnd(prefix) { return [prefix, end] }
        return [prefix]
    }

    /// The first text after every text that begins with `prefix`, in SQLite's binary order
    /// (UTF-8 sorts as code points do): the prefix with its last character raised by one; nil
    /// when none is above it.
    static func prefixEnd(_ prefix: String) -> String? {
        var scalars = Array(prefix.unicodeScalars)
        while let last = scalars.popLast() {
            // Past the surrogates, which are no characters.
            let value = last.value + 1 == 0xD800 ? 0xE000 : last.value + 1
            if let next = Unicode.Scalar(value) {
                scalars.append(next)
                var text = String.UnicodeScalarView()
                text.append(contentsOf: scalars)
                return String(text)
            }
        }
        return nil
    }

    /// The users' order everywhere: last active first (never active last), then by id.
    static func mostRecentFirst(_ left: Row, _ right: Row) -> Bool {
        let (a, b): (Double?, Double?) = (left[3], right[3])
        if a != b {
            guard let a else { return false }
            guard let b else { return true }
            return a > b
        }
        return (left[0] as String) < (right[0] as String)
    }

    static func names(of row: Row) throws -> UserNames {
        let id: String = row[0]
        let identities = Identity.list(from: try JSONValue(parsing: row[1] as String)) ?? []
        let profile = try JSONValue(parsing: row[2] as String).objectValue ?? [:]
        let anonymous = identities.count == 1 && identities[0].provider == .anonymous
        return UserNames(
            id: id, displayName: StoredUser.displayName(id: id, isAnonymous: anonymous, profile: profile),
            email: profile["email"]?.stringValue, name: profile["name"]?.stringValue)
    }
}
