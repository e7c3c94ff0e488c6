import Foundation
import GRDB
import RosterWire

/// The name each user sorts by in the list (`StoredUser.listName`, the `list_name` column): a
/// row without one (there before the column was, or written by an older Roster beside this
/// one) gets it, worked out from its profile, when the store is opened. Opening a store whose
/// rows all have one costs one indexed read.
enum ListNames {
    static func fill(_ pool: DatabasePool) throws {
        let unnamed = try pool.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM user WHERE list_name IS NULL)") ?? false }
        guard unnamed else { return }
        try pool.write { db in
            for row in try Row.fetchAll(db, sql: "SELECT id, identities, profile FROM user WHERE list_name IS NULL") {
                let id: String = row[0]
                let identities = Identity.list(from: try JSONValue(parsing: row[1] as String)) ?? []
                let profile = try JSONValue(parsing: row[2] as String).objectValue ?? [:]
                let anonymous = identities.count == 1 && identities[0].provider == .anonymous
                let name = StoredUser.displayName(id: id, isAnonymous: anonymous, profile: profile).lowercased()
                try db.execute(sql: "UPDATE user SET list_name = ? WHERE id = ?", arguments: [name, id])
            }
        }
    }
}
