import Foundation
import GRDB
import Testing

@testable import RosterServer

/// Commits are synced at the next checkpoint, except the writes that must never come undone once
/// answered (ended sessions, resets, redeemed tokens, …), which are synced before they return.
@Suite struct StoreDurabilityTests {
    /// 1 is NORMAL, 2 is FULL.
    private func synchronous(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1
    }

    @Test func ordinaryCommitsAreNormalAndDurableWritesAreSyncedBeforeTheyReturn() async throws {
        let t = try await TestServer.make()
        let store = try SQLiteServerStore(path: t.databasePath)
        #expect(try await store.pool.write { db in try synchronous(db) } == 1)
        #expect(try await store.pool.read { db in try synchronous(db) } == 1)
        #expect(try await store.durableWrite { db in try synchronous(db) } == 2)
        #expect(try await store.pool.write { db in try synchronous(db) } == 1, "the writer goes back to NORMAL")
        // A durable write that throws rolls back, and leaves the writer at NORMAL too.
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await store.durableWrite { db in
                try db.execute(sql: "INSERT INTO signing_secret (name, secret) VALUES ('rolled-back', x'00')")
                throw Refused()
            }
        }
        #expect(try await store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM signing_secret WHERE name = 'rolled-back'") } == 0)
        #expect(try await store.pool.write { db in try synchronous(db) } == 1)
    }
}
