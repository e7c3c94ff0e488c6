import Foundation
import GRDB

extension SQLiteServerStore {
    package func ping() async throws {
        _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    package func liveSessionCounts(now: Date) async throws -> [String: Int] {
        try await pool.read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT app_id, COUNT(*) AS live FROM sessions WHERE revoked = 0 AND expires_at > ? GROUP BY app_id",
                arguments: [now])
            return Dictionary(uniqueKeysWithValues: rows.map { (($0["app_id"] as String), ($0["live"] as Int)) })
        }
    }
}
