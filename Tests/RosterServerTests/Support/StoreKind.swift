import Foundation
import Testing
import ThrowawayPostgres
@testable import RosterServer
@testable import RosterServerCore
@testable import RosterPostgres

/// The store drivers the server tests run against: the same tests, each store.
///
///     @Test(arguments: StoreKind.allCases) func keepsUsers(_ kind: StoreKind) async throws { … }
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }

    /// Where a fresh, empty store of this kind is: a file in `directory`, or a new database on
    /// the tests' PostgreSQL cluster.
    func newDatabasePath(in directory: URL) async throws -> String {
        switch self {
        case .sqlite: directory.appendingPathComponent("server.sqlite").path
        case .postgres: try await PostgresCluster.shared.newDatabaseURL()
        }
    }

    /// A fresh, empty store of this kind.
    func makeStore() async throws -> any ServerStore {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try await open(try await newDatabasePath(in: directory))
    }

    /// Another handle on the store at `path` (another server process, as far as the store can tell).
    func open(_ path: String) async throws -> any ServerStore {
        switch self {
        case .sqlite: try SQLiteServerStore(path: path)
        case .postgres: try await PostgresServerStore(url: path)
        }
    }
}
