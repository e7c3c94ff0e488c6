import Foundation
import PostgresNIO
import RosterServerCore

extension PostgresServerStore {
    package func appendAudit(_ entry: AuditEntry) async throws {
        _ = try await rows(
            """
            INSERT INTO audit (app_id, at, event, user_id, provider, address, detail, request_id) VALUES (\(entry.appId), \(entry.at),
            \(entry.event.rawValue), \(entry.userId), \(entry.provider), \(entry.address), \(entry.detail), \(entry.requestId))
            """)
    }

    package func auditEntries(appId: String, _ query: AuditQuery) async throws -> [AuditEntry] {
        var bindings = PostgresBindings()
        bindings.append(appId)
        var sql = "SELECT at, event, user_id, provider, address, detail, request_id FROM audit WHERE app_id = $1"
        if let userId = query.userId {
            bindings.append(userId)
            sql += " AND user_id = $\(bindings.count)"
        }
        if let requestId = query.requestId {
            bindings.append(requestId)
            sql += " AND request_id = $\(bindings.count)"
        }
        if let since = query.since {
            bindings.append(since)
            sql += " AND at >= $\(bindings.count)"
        }
        if let after = query.after {
            bindings.append(after)
            sql += " AND at > $\(bindings.count)"
        }
        if let until = query.until {
            bindings.append(until)
            sql += " AND at <= $\(bindings.count)"
        }
        if let events = query.events {
            var places: [String] = []
            for event in events {
                bindings.append(event.rawValue)
                places.append("$\(bindings.count)")
            }
            sql += places.isEmpty ? " AND false" : " AND event IN (\(places.joined(separator: ", ")))"
        }
        bindings.append(query.limit)
        sql += " ORDER BY at DESC, id DESC LIMIT $\(bindings.count)"
        bindings.append(query.skip)
        sql += " OFFSET $\(bindings.count)"
        return try await rows(PostgresQuery(unsafeSQL: sql, binds: bindings)).compactMap { row in
            let (at, event, userId, provider, address, detail, requestId) = try row.decode(
                (Date, String, String?, String?, String?, String?, String?).self)
            guard let event = AuditEntry.Event(rawValue: event) else { return nil }
            return AuditEntry(
                at: at, appId: appId, event: event, userId: userId, provider: provider, address: address, detail: detail, requestId: requestId)
        }
    }
}
