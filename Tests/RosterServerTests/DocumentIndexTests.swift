import Foundation
import GRDB
import RosterWire
import Testing
@testable import RosterServer

/// Data access and the custom data lookup read a user's own documents and a document by `_id`
/// through indexes, whatever the collection's size: what SQLite plans for the store's own
/// queries, and the owner column kept as the configuration says.
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

    @Test func theOwnerColumnHoldsTheOwnerFieldsStringValue() async throws {
        let t = try await TestServer.make()
        let ann = try await t.loggedIn(.anonymous)
        let body: JSONValue = ["name": "insertOne", "service": "mongodb-atlas", "arguments": [[
            "database": "my_database", "collection": "users", "document": ["favoriteColor": "teal"],
        ]]]
        #expect(await t.call(.post, Route.functionCall(appId: t.appId), json: body, bearer: ann.accessToken).status == 200)
        try await t.server.admin.insertDocuments(
            appId: t.appId, database: "my_database", collection: "users", [["userId": 42, "favoriteColor": "red"]])
        let store = try SQLiteServerStore(path: t.databasePath)
        let owners = try await store.pool.read { db in
            try String?.fetchAll(db, sql: #"SELECT owner FROM document WHERE collection = 'users' ORDER BY owner"#)
        }
        #expect(owners == [nil, ann.userId], "a number in the owner field owns nothing")
    }
}
