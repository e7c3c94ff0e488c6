import Foundation
import GRDB

extension SQLiteServerStore {
    /// On a cached statement: every log-in appends an entry.
    package func appendAudit(_ entry: AuditEntry) async throws {
        try await pool.write { db in
            try db.cachedStatement(
                sql: "INSERT INTO audit (app_id, at, event, user_id, provider, address, detail, request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            ).execute(
                arguments: [
                    entry.appId, entry.at, entry.event.rawValue, entry.userId, entry.provider, entry.address, entry.detail, entry.requestId,
                ])
        }
    }

    package func auditEntries(appId: String, _ query: AuditQuery) async throws -> [AuditEntry] {
        try await pool.read { db in
            var sql = "SELECT at, event, user_id, provider, address, detail, request_id FROM audit WHERE app_id = ?"
            var arguments: StatementArguments = [appId]
            if let userId = query.userId {
                sql += " AND user_id = ?"
                arguments += [userId]
            }
            if let requestId = query.requestId {
                sql += " AND request_id = ?"
                arguments += [requestId]
            }
            if let since = query.since {
                sql += " AND at >= ?"
                arguments += [since]
            }
            if let after = query.after {
                sql += " AND at > ?"
                arguments += [after]
            }
            if let until = query.until {
                sql += " AND at <= ?"
                arguments += [until]
            }
            if let events = query.events {
                sql += " AND event IN (\(events.map { _ in "?" }.joined(separator: ", ")))"
                arguments += StatementArguments(events.map(\.rawValue))
            }
            sql += " ORDER BY at DESC, id DESC LIMIT ? OFFSET ?"
            arguments += [query.limit, query.skip]
            return try Row.fetchAll(db, sql: sql, arguments: arguments).compactMap { row in
                guard let event = AuditEntry.Event(rawValue: row[1]) else { return nil }
                return AuditEntry(
                    at: row[0], appId: appId, event: event, userId: row[2], provider: row[3], address: row[4], detail: row[5], requestId: row[6])
            }
        }
    }
}
