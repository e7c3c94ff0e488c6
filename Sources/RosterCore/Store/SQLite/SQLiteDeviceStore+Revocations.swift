import Foundation
import GRDB

extension SQLiteDeviceStore {
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
}
