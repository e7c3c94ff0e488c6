import Foundation
import PostgresNIO
import RosterServerCore

extension PostgresServerStore {
    /// `/ready`'s check: answered within a second, whatever the lease time, so that a probe
    /// learns of an outage as fast as a client does.
    package func ping() async throws {
        let logger = logger
        _ = try await withConnection(waitingAtMost: outage.isKnown ? Self.outageLeaseTimeout : .milliseconds(800)) { db in
            try await db.query("SELECT 1", logger: logger).collect()
        }
    }

    package func liveSessionCounts(now: Date) async throws -> [String: Int] {
        let rows = try await rows("SELECT app_id, count(*) FROM sessions WHERE NOT revoked AND expires_at > \(now) GROUP BY app_id")
        var counts: [String: Int] = [:]
        for row in rows {
            let (appId, live) = try row.decode((String, Int).self)
            counts[appId] = live
        }
        return counts
    }
}
