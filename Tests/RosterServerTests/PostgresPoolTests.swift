import Foundation
import Testing
import ThrowawayPostgres
@testable import RosterServer
@testable import RosterServerCore
@testable import RosterPostgres

/// The pool `roster-server serve` uses keeps all its connections open, so that no timer starts
/// each time one goes back; a short-lived store opens them only on demand. Either holds one
/// connection more, its own, on which it follows every instance's document changes.
@Suite struct PostgresPoolTests {
    /// The connections open on the store's database, the asking one included.
    func openConnections(_ store: PostgresServerStore) async throws -> Int {
        let rows = try await store.rows("SELECT count(*)::bigint FROM pg_stat_activity WHERE datname = current_database()")
        return try rows.first?.decode(Int.self) ?? 0
    }

    /// Waits for the store's connections to reach `expected` (the pool opens them in the
    /// background), then checks the count holds while the store is used.
    func expectOpenConnections(_ store: PostgresServerStore, _ expected: Int, _ comment: Comment) async throws {
        var open = try await openConnections(store)
        for _ in 0..<200 where open < expected {
            try await Task.sleep(for: .milliseconds(50))
            open = try await openConnections(store)
        }
        #expect(open == expected, comment)
        // Used one request after another, as a server between bursts: no more are opened.
        for _ in 0..<20 {
            #expect(try await openConnections(store) == expected, comment)
        }
    }

    @Test func aServingPoolOpensEveryConnectionAndAShortLivedOneOnlyWhatItUses() async throws {
        let serving = try await PostgresServerStore(
            url: try await PostgresCluster.shared.newDatabaseURL(), maximumConnections: 4, keepsConnectionsOpen: true)
        try await expectOpenConnections(serving, 4 + 1, "the pool's four and the follower's")

        let onDemand = try await PostgresServerStore(url: try await PostgresCluster.shared.newDatabaseURL(), maximumConnections: 4)
        try await expectOpenConnections(onDemand, 1 + 1, "the asking one and the follower's")
    }
}
