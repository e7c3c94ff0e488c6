import Foundation
import GRDB
import PostgresNIO
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
@testable import RosterPostgres

/// Data access and the custom data lookup read a user's own documents and a document by `_id`
/// through indexes, whatever the collection's size: what SQLite and PostgreSQL plan for the
/// stores' own queries, and the owner column kept as the configuration says.
@Suite struct DocumentIndexTests {
    func plan(_ store: SQLiteServerStore, _ scope: DocumentScope) async throws -> String {
        try await store.pool.read { db in
            let (sql, arguments) = try SQLiteServerStore.selection(db, scope)
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
                .map { $0["detail"] as String? ?? "" }.joined(separator: "; ")
        }
    }

    @Test func ownDocumentsAndIdsAreIndexSeeks() async throws {
        let t = try await TestServer.make()
        let store = try SQLiteServerStore(path: t.databasePath)
        let users = DocumentScope(appId: t.appId, database: "my_database", collection: "users")
        var own = users
        own.field = "userId"
        own.value = "65f0c0ffee0000000000beef"
        let ownPlan = try await plan(store, own)
        #expect(ownPlan.contains("USING INDEX document_owner"), "\(ownPlan)")
        var byId = users
        byId.idKey = "65f0c0ffee0000000000beef"
        let idPlan = try await plan(store, byId)
        // The seek uses the whole primary key, `_id` included, not just the collection's prefix.
        #expect(idPlan.contains("collection=? AND id=?"), "\(idPlan)")
        #expect(ownPlan.contains("owner=?"), "\(ownPlan)")
        // A field that is not the collection's owner field is read by scanning the collection.
        var other = users
        other.field = "team"
        other.value = "ops"
        let otherPlan = try await plan(store, other)
        #expect(!otherPlan.contains("document_owner"), "\(otherPlan)")
    }

    /// PostgreSQL reads a user's own documents through the owner index, a document by `_id`
    /// through the primary key, and any other field through the GIN index on the JSONB body.
    /// The collection holds 5,000 analysed documents of 500 owners, so these are the planner's
    /// own choices: no planner setting is forced.
    @Test func onPostgreSQLOwnDocumentsIdsAndOtherFieldsAreIndexScans() async throws {
        let t = try await TestServer.make(store: .postgres)
        let store = try await PostgresServerStore(url: t.databasePath)
        let logger = store.logger
        let appId = t.appId
        try await store.withConnection { db in
            try await db.query(
                """
                INSERT INTO documents (app_id, "database", collection, id, body, doc, owner)
                SELECT \(appId), 'my_database', 'users', lpad(i::text, 24, '0'), body, body::jsonb, 'user-' || (i % 500)
                FROM generate_series(1, 5000) AS i,
                LATERAL (SELECT json_build_object('userId', 'user-' || (i % 500), 'team', 'team-' || (i % 1000))::text AS body) AS made
                """, logger: logger)
            try await db.query("ANALYZE documents", logger: logger)
        }
        let users = DocumentScope(appId: t.appId, database: "my_database", collection: "users")
        var own = users
        own.field = "userId"
        own.value = "user-7"
        let ownPlan = try await plan(store, own)
        #expect(ownPlan.contains { $0.hasSuffix(" documents_owner") }, "\(ownPlan)")
        var byId = users
        byId.idKey = "000000000000000000000042"
        let idPlan = try await plan(store, byId)
        #expect(idPlan.contains { $0.hasSuffix(" documents_pkey") }, "\(idPlan)")
        var other = users
        other.field = "team"
        other.value = "team-7"
        let otherPlan = try await plan(store, other)
        #expect(otherPlan.contains { $0.hasSuffix(" documents_doc") }, "\(otherPlan)")
        #expect(!(ownPlan + idPlan + otherPlan).contains { $0.hasPrefix("Seq Scan") })
        // And the answers are the documents asked for.
        #expect(try await store.documents(own, limit: 100) { $0.id }.count == 10)
        #expect(try await store.documents(byId, limit: 100) { $0.id } == ["000000000000000000000042"])
        #expect(try await store.documents(other, limit: 100) { $0.id } == ["000000000000000000000007", "000000000000000000001007",
            "000000000000000000002007", "000000000000000000003007", "000000000000000000004007"])
    }

    /// The plan's nodes as "<node type> <index name>" ("Index Scan documents_owner", "Seq Scan"),
    /// from `EXPLAIN (FORMAT JSON)`.
    func plan(_ store: PostgresServerStore, _ scope: DocumentScope) async throws -> [String] {
        let logger = store.logger
        let text = try await store.withConnection { db in
            let query = try await PostgresServerStore.selection(db, scope, logger: logger)
            let explain = PostgresQuery(unsafeSQL: "EXPLAIN (FORMAT JSON) " + query.sql, binds: query.binds)
            return try await db.query(explain, logger: logger).collect().first?.decode(String.self) ?? "[]"
        }
        return Self.nodes(try JSONValue(parsing: Data(text.utf8)))
    }

    static func nodes(_ plan: JSONValue) -> [String] {
        switch plan {
        case .array(let items):
            return items.flatMap(nodes)
        case .object(let fields):
            let own = fields["Node Type"]?.stringValue.map { type in
                [fields["Index Name"]?.stringValue.map { "\(type) \($0)" } ?? type]
            } ?? []
            return own + (fields["Plan"].map(nodes) ?? []) + (fields["Plans"].map(nodes) ?? [])
        default:
            return []
        }
    }

    @Test(arguments: StoreKind.allCases) func theOwnerColumnHoldsTheOwnerFieldsStringValue(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let ann = try await t.loggedIn(.anonymous)
        let body: JSONValue = ["name": "insertOne", "service": "mongodb-atlas", "arguments": [[
            "database": "my_database", "collection": "users", "document": ["favoriteColor": "teal"],
        ]]]
        #expect(await t.call(.post, Route.functionCall(appId: t.appId), json: body, bearer: ann.accessToken).status == 200)
        try await t.server.admin.insertDocuments(
            appId: t.appId, database: "my_database", collection: "users", [["userId": 42, "favoriteColor": "red"]])
        let owners: [String?]
        switch kind {
        case .sqlite:
            let store = try SQLiteServerStore(path: t.databasePath)
            owners = try await store.pool.read { db in
                try String?.fetchAll(db, sql: #"SELECT owner FROM documents WHERE collection = 'users' ORDER BY owner"#)
            }
        case .postgres:
            let store = try await PostgresServerStore(url: t.databasePath)
            owners = try await store.rows(#"SELECT owner FROM documents WHERE collection = 'users' ORDER BY owner NULLS FIRST"#)
                .map { try $0.decode(String?.self) }
        }
        #expect(owners == [nil, ann.userId], "a number in the owner field owns nothing")
    }
}
