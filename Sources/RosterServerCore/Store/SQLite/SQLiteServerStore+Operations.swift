import Foundation
import GRDB

extension SQLiteServerStore {
    package func ping() async throws {
        _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    package func probeWrite() async throws {
        let id = Int64.random(in: 1...Int64.max)
        try await pool.write { db in
            try db.execute(
                sql: "INSERT INTO write_probes (id, filler) VALUES (?, zeroblob(?))", arguments: [id, WriteProbe.fillerBytes])
            try db.execute(sql: "DELETE FROM write_probes WHERE id = ?", arguments: [id])
        }
    }

    package func cannotWrite(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return [.SQLITE_FULL, .SQLITE_IOERR, .SQLITE_READONLY].contains(error.resultCode)
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
