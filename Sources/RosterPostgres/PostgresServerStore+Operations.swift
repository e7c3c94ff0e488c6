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

    /// `/ready`'s write probe, under the same second as `ping`.
    package func probeWrite() async throws {
        let logger = logger
        let id = Int64.random(in: 1...Int64.max)
        let filler = ByteBuffer(repeating: 0, count: WriteProbe.fillerBytes)
        try await withConnection(waitingAtMost: outage.isKnown ? Self.outageLeaseTimeout : .milliseconds(800)) { db in
            try await db.query("BEGIN", logger: logger)
            do {
                try await db.query("INSERT INTO write_probes (id, filler) VALUES (\(id), \(filler))", logger: logger)
                try await db.query("DELETE FROM write_probes WHERE id = \(id)", logger: logger)
                try await db.query("COMMIT", logger: logger)
            } catch {
                _ = try? await db.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    /// A full disk (53100), an I/O error (58030) or a read-only database (25006): PostgreSQL's
    /// words for a write it cannot make now.
    package func cannotWrite(_ error: any Error) -> Bool {
        guard let state = (error as? PSQLError)?.sqlState else { return false }
        return ["53100", "58030", "25006"].contains(state)
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
