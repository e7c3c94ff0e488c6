import Foundation
import GRDB

extension SQLiteDeviceStore {
    func appendHistory(_ entry: HistoryEntry) throws {
        try write { db in
            try db.execute(
                sql: "INSERT INTO history (at, event, user_id, user_name) VALUES (?, ?, ?, ?)",
                arguments: [entry.at.timeIntervalSince1970, entry.event.rawValue, entry.userId, entry.userName])
            // A short history: the newest thousand lines.
            try db.execute(sql: "DELETE FROM history WHERE id <= (SELECT MAX(id) FROM history) - 1000")
        }
    }

    func history(limit: Int) throws -> [HistoryEntry] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT at, event, user_id, user_name FROM history ORDER BY id DESC LIMIT ?", arguments: [limit])
                .compactMap { row in
                    guard let event = HistoryEntry.Event(rawValue: row[1]) else { return nil }
                    return HistoryEntry(at: Date(timeIntervalSince1970: row[0]), event: event, userId: row[2], userName: row[3])
                }
        }
    }
}
