import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// App Services' roles through the client API, on both stores: the first role whose
/// `apply_when` holds is a document's role, document filters narrow every query, fields a role
/// cannot read are left out, and writes to fields it cannot write, inserts and deletes it may
/// not make are refused and write nothing. `%%user.custom_data` is read at each request.
@Suite struct RoleRulesServerTests {
    /// A shop's items: a manager (by custom data) does anything; an owner reads their items'
    /// name, price and owner, and writes only the name (and the owner field on insert); anyone
    /// else sees the name of public items.
    static let items = DataRule(database: "shop", collection: "items", roles: [
        AppRole(name: "manager", applyWhen: ["%%user.custom_data.role": "manager"], read: true, write: true, insert: true, delete: true),
        AppRole(
            name: "owner", applyWhen: ["owner_id": "%%user.id"], readFilter: ["owner_id": "%%user.id"], writeFilter: ["owner_id": "%%user.id"],
            insert: true, delete: false,
            fields: ["name": ["read": true, "write": true], "price": ["read": true], "owner_id": ["read": true, "write": true]],
            additionalFields: ["read": false, "write": false]),
        AppRole(name: "shopper", readFilter: ["public": true], insert: false, fields: ["name": ["read": true]]),
    ])

    func start(_ kind: StoreKind) async throws -> (DataAccessTests.Caller, DataAccessTests.Caller, DataAccessTests.Caller) {
        var config = TestConfig.app(maxRequestBytes: 65536)
        config.rules = [TestConfig.ownCustomData, Self.items]
        let t = try await TestServer.make(config, store: kind)
        return (
            DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous)), DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous)),
            DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        )
    }

    static let shop = ("shop", "items")

    func refused(_ caller: DataAccessTests.Caller, _ name: String, _ arguments: JSONObject) async -> String? {
        let response = await caller.data(name, arguments, in: Self.shop)
        guard response.status == 403, response.json?["error_code"] == "NoMatchingRuleFound" else { return nil }
        return response.json?["error"]?.stringValue
    }

    @Test(arguments: StoreKind.allCases) func rolesFiltersAndFieldsDecideDocumentByDocument(_ kind: StoreKind) async throws {
        let (ann, bo, cy) = try await start(kind)
        let annId = JSONValue.string(ann.login.userId)
        _ = try await ann.json("insertOne", ["document": ["owner_id": annId, "name": "lamp"]], in: Self.shop)
        #expect(await refused(ann, "insertOne", ["document": ["owner_id": annId, "name": "desk", "price": 5]])?.contains("'price'") == true,
            "the owner may not write the price")
        #expect(await refused(cy, "insertOne", ["document": ["name": "chair"]]) != nil, "a shopper may not insert")

        // Bo becomes a manager by his custom data, which the very next call reads.
        #expect(await refused(bo, "updateOne", ["query": [:], "update": ["$set": ["price": 7]]])?.contains("'price'") == true,
            "a shopper writes nothing")
        _ = try await bo.json("insertOne", ["document": ["role": "manager"]])
        #expect(try await bo.json("updateOne", ["query": ["name": "lamp"], "update": ["$set": ["price": 7, "cost": 3, "public": true]]], in: Self.shop)
            == ["matchedCount": 1, "modifiedCount": 1])

        // Ann reads her item without the fields her role cannot read.
        let mine = try #require(try await ann.json("find", ["query": [:]], in: Self.shop).arrayValue)
        #expect(mine.count == 1)
        #expect(Set(mine.first?.objectValue?.keys ?? []) == ["_id", "owner_id", "name", "price"])
        let id = mine.first?["_id"] ?? .null
        #expect(try await ann.json("find", ["query": ["cost": 3]], in: Self.shop) == [], "a query sees only what the caller may read")

        #expect(await refused(ann, "updateOne", ["query": [:], "update": ["$set": ["price": 1]]])?.contains("'price'") == true)
        #expect(await refused(ann, "updateOne", ["query": [:], "update": ["$set": ["owner_id": "someone"]]]) != nil,
            "an owner cannot give the item away")
        #expect(try await ann.json("updateOne", ["query": [:], "update": ["$set": ["name": "lamp 2"]]], in: Self.shop)
            == ["matchedCount": 1, "modifiedCount": 1])
        #expect(await refused(ann, "deleteOne", ["query": [:]]) != nil, "an owner may not delete")

        // Cy, a shopper, sees public items' names only.
        #expect(try await cy.json("find", ["query": [:]], in: Self.shop) == [["_id": id, "name": "lamp 2"]])
        #expect(try await cy.json("count", ["query": [:]], in: Self.shop) == 1)
        #expect(try await cy.json("count", ["query": ["price": 7]], in: Self.shop) == 0)
        #expect(try await cy.json("aggregate", ["pipeline": [["$project": ["price": 1]]]], in: Self.shop)
            == [["_id": id]])

        #expect(try await bo.json("deleteMany", ["query": [:]], in: Self.shop) == ["deletedCount": 1])
        #expect(try await bo.json("count", ["query": [:]], in: Self.shop) == 0)
    }
}
