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

    @Test func aServingPoolOpensEveryConnectionAndAShortLivedOneOnlyWhatItUses() async throws {
        let serving = try await PostgresServerStore(
            url: try await PostgresCluster.shared.newDatabaseURL(), maximumConnections: 4, keepsConnectionsOpen: true)
        var open = try await openConnections(serving)
        for _ in 0..<100 where open < 5 {
            try await Task.sleep(for: .milliseconds(100))
            open = try await openConnections(serving)
        }
        #expect(open == 4 + 1, "the pool's four and the follower's")

        let onDemand = try await PostgresServerStore(url: try await PostgresCluster.shared.newDatabaseURL(), maximumConnections: 4)
        try await Task.sleep(for: .seconds(1))
        #expect(try await openConnections(onDemand) == 1 + 1, "the asking one and the follower's")
    }
}
