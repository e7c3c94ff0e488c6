import Foundation
import GRDB
import PostgresNIO
import Testing
import ThrowawayPostgres
@testable import RosterPostgres
@testable import RosterServerCore

/// Both drivers keep one schema: the same tables with the same columns, so that a query, a
/// record and an operator's look at the database read alike whichever store it is.
@Suite struct StoreSchemaTests {
    /// Columns only one driver has, and why. PostgreSQL keeps a document's body as JSONB too,
    /// for its GIN index on any field; SQLite reads the text with `json_extract`.
    static let postgresOnly: [String: Set<String>] = ["documents": ["doc"]]

    /// Each table of the SQLite store and its columns, without SQLite's and GRDB's own.
    func sqliteSchema() async throws -> [String: Set<String>] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-schema-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SQLiteServerStore(path: directory.appendingPathComponent("server.sqlite").path)
        let rows = try await store.pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT m.name, c.name FROM sqlite_master AS m, pragma_table_info(m.name) AS c
                    WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> 'grdb_migrations'
                    """)
        }
        return rows.reduce(into: [:]) { schema, row in schema[row[0] as String, default: []].insert(row[1]) }
    }

    /// Each table of the PostgreSQL store and its columns, without the migrations' own table.
    func postgresSchema() async throws -> [String: Set<String>] {
        let store = try await PostgresServerStore(url: try await PostgresCluster.shared.newDatabaseURL())
        let rows = try await store.rows(
            """
            SELECT table_name::text, column_name::text FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name <> 'roster_migrations'
            """)
        var schema: [String: Set<String>] = [:]
        for row in rows {
            let (table, column) = try row.decode((String, String).self)
            schema[table, default: []].insert(column)
        }
        return schema
    }

    @Test func bothDriversNameTheSameTablesAndColumns() async throws {
        let sqlite = try await sqliteSchema()
        var postgres = try await postgresSchema()
        for (table, columns) in Self.postgresOnly {
            #expect(postgres[table]?.isSuperset(of: columns) == true, "\(table) has \(columns.sorted()) on PostgreSQL")
            postgres[table]?.subtract(columns)
        }
        #expect(sqlite.keys.sorted() == postgres.keys.sorted())
        for table in Set(sqlite.keys).union(postgres.keys).sorted() {
            #expect(sqlite[table] == postgres[table], "the columns of \(table)")
        }
        #expect(sqlite["users"] != nil, "the plural names")
    }
}
