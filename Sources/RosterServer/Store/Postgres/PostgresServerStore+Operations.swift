import Foundation
import PostgresNIO

extension PostgresServerStore {
    func ping() async throws {
        _ = try await rows("SELECT 1")
    }

    func liveSessionCounts(now: Date) async throws -> [String: Int] {
        let rows = try await rows("SELECT app_id, count(*) FROM sessions WHERE NOT revoked AND expires_at > \(now) GROUP BY app_id")
        var counts: [String: Int] = [:]
        for row in rows {
            let (appId, live) = try row.decode((String, Int).self)
            counts[appId] = live
        }
        return counts
    }
}
