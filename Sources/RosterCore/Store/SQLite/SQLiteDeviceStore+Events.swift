import Foundation
import GRDB

extension SQLiteDeviceStore {
    func appendEvent(_ event: SessionEvent, limits: SessionEventLimits) throws {
        let limits = limits.bounded
        let at = event.at.timeIntervalSince1970
        try write { db in
            try db.execute(
                sql: "INSERT INTO session_event (at, kind, user_id, user_name, reason) VALUES (?, ?, ?, ?, ?)",
                arguments: [at, event.kind.rawValue, event.userId, event.userName, event.reason])
            // The sequence is the row id, AUTOINCREMENT: never given twice, even once deleted.
            try db.execute(
                sql: "DELETE FROM session_event WHERE sequence <= (SELECT MAX(sequence) FROM session_event) - ? OR at < ?",
                arguments: [Int64(limits.kept), at - limits.maxAge])
        }
    }

    func events(after sequence: Int64, limit: Int) throws -> (events: [SessionEvent], through: Int64) {
        try read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT sequence, at, kind, user_id, user_name, reason FROM session_event WHERE sequence > ? ORDER BY sequence LIMIT ?",
                arguments: [sequence, max(1, limit)])
            let events = rows.compactMap { row -> SessionEvent? in
                guard let kind = SessionEvent.Kind(rawValue: row[2]) else { return nil }
                return SessionEvent(
                    sequence: row[0], kind: kind, userId: row[3], userName: row[4], at: Date(timeIntervalSince1970: row[1]), reason: row[5])
            }
            return (events, rows.last.map { $0[0] } ?? sequence)
        }
    }

    func lastEventSequence() throws -> Int64 {
        try read { db in try Int64.fetchOne(db, sql: "SELECT MAX(sequence) FROM session_event") ?? 0 }
    }

    func eventSequence(before date: Date) throws -> Int64 {
        try read { db in
            try Int64.fetchOne(
                db,
                sql: """
                    SELECT COALESCE((SELECT MIN(sequence) FROM session_event WHERE at >= ?) - 1,
                        (SELECT MAX(sequence) FROM session_event), 0)
                    """,
                arguments: [date.timeIntervalSince1970]) ?? 0
        }
    }
}
