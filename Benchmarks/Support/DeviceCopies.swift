import Foundation
import GRDB
import RosterCore
import RosterEmbedded

/// Grows a device past what real log-ins fill in minutes (100,000 users would take a quarter of
/// an hour): copies of the users already there, straight into the device store, each with an id,
/// a name (and an email, where the original has one) and a last-active time of its own; their
/// list names are worked out the next time the session core opens the store. The copies' sessions stay sealed for the
/// originals, so none can be opened; a list of them, the switcher's work, reads them all the same.
/// A benchmark fixture only: nothing in Roster writes users this way.
public enum DeviceCopies {
    public static func fill(paths: RosterPaths, appId: String, users wanted: Int) throws -> (seconds: Double, added: Int) {
        let database = try DatabasePool(path: paths.deviceDirectory(server: "embedded", appId: appId).appendingPathComponent("device.sqlite").path)
        let start = Date()
        let added = try database.write { db -> Int in
            let present = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0
            guard present > 0, present < wanted else { return 0 }
            let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(user)").map { $0["name"] as String }
            let copied: [String: String] = [
                "id": "o.id || '-copy-' || c.n",
                // Each user's handle is known by its entry: a copy's must be its own.
                "entry": "o.entry || '-copy-' || c.n",
                "profile": """
                    CASE WHEN json_extract(o.profile, '$.email') IS NOT NULL
                    THEN json_set(o.profile, '$.email', 'copy' || c.n || '.' || json_extract(o.profile, '$.email'))
                    ELSE json_set(o.profile, '$.name', coalesce(json_extract(o.profile, '$.name'), 'user') || ' #' || c.n) END
                    """,
                "last_active": "o.last_active - c.n * 0.001",
                "list_name": "NULL",
            ]
            let rounds = (wanted - present + present - 1) / present
            try db.execute(
                sql: """
                    WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < \(rounds))
                    INSERT INTO user (\(columns.joined(separator: ", ")))
                    SELECT \(columns.map { copied[$0] ?? "o.\($0)" }.joined(separator: ", "))
                    FROM c, (SELECT * FROM user ORDER BY id) AS o LIMIT \(wanted - present)
                    """)
            return wanted - present
        }
        try database.close()
        return (Date().timeIntervalSince(start), added)
    }
}
