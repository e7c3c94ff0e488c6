import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `watch` on a collection ruled by App Services' roles, over real HTTP on both stores: each
/// watcher gets a change only when its role for the document reads it (judged as a `find`
/// judges it), with the fields its role cannot read left out of `fullDocument` and
/// `updateDescription`; a delete reaches those who could read the document before it.
@Suite(.timeLimit(.minutes(2))) struct RoleRulesWatchTests {
    static let shop = RoleRulesServerTests.shop
    /// Signs are read by requests made with GET (a watch), never by a POST (a find): `%%request`
    /// is the stream's own request. The manager puts them up.
    static let signs = DataRule(database: "shop", collection: "signs", roles: [
        AppRole(name: "watchers", applyWhen: ["%%request.httpMethod": "GET", "%%request.rawQueryString": ["$exists": true]], read: true),
        AppRole(name: "manager", applyWhen: ["%%user.custom_data.role": "manager"], write: true, insert: true),
    ])

    @Test(arguments: StoreKind.allCases) func eachWatcherSeesTheChangesItsRoleReads(_ kind: StoreKind) async throws {
        var config = TestConfig.app(maxRequestBytes: 65536)
        config.rules = [TestConfig.ownCustomData, RoleRulesServerTests.items, Self.signs]
        let t = try await TestServer.make(config, store: kind)
        let (ann, bo, cy) = (
            DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous)), DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous)),
            DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        )
        // Bo manages the shop (by his custom data, read as his stream opens).
        _ = try await bo.json("insertOne", ["document": ["role": "manager"]])
        let annId = JSONValue.string(ann.login.userId)
        let streams = ChangeStreamTests()
        try await withLoopbackServer(t.server) { port in
            let annSees = try await streams.open(port, t, ann, in: Self.shop)
            let boSees = try await streams.open(port, t, bo, in: Self.shop)
            let cySees = try await streams.open(port, t, cy, in: Self.shop)
            let cySigns = try await streams.open(port, t, cy, in: ("shop", "signs"))
            #expect([annSees, boSees, cySees, cySigns].allSatisfy { $0.status == 200 })

            _ = try await bo.json("insertOne", ["document": ["_id": 1, "owner_id": annId, "name": "lamp", "price": 5, "cost": 3]], in: Self.shop)
            _ = try await bo.json("insertOne", ["document": ["_id": 2, "name": "desk", "price": 9, "public": true]], in: Self.shop)
            _ = try await bo.json("updateOne", ["query": ["_id": 1], "update": ["$set": ["price": 7, "cost": 4]]], in: Self.shop)
            _ = try await bo.json("updateOne", ["query": ["_id": 1], "update": ["$set": ["public": true], "$unset": ["cost": "", "price": ""]]], in: Self.shop)
            _ = try await bo.json("deleteOne", ["query": ["_id": 1]], in: Self.shop)
            // A crate no role but the manager's reads: only Bo hears of it, made or deleted.
            _ = try await bo.json("insertOne", ["document": ["_id": 3, "name": "crate"]], in: Self.shop)
            _ = try await bo.json("deleteOne", ["query": ["_id": 3]], in: Self.shop)
            _ = try await bo.json("insertOne", ["document": ["_id": "done", "name": "done", "public": true]], in: Self.shop)
            _ = try await bo.json("insertOne", ["document": ["_id": 1, "text": "open"]], in: ("shop", "signs"))

            func events(_ stream: EventStreamClient) async throws -> [JSONValue] {
                var seen: [JSONValue] = []
                while let event = try await stream.nextEvent(within: 10)?.json {
                    if event["documentKey"]?["_id"] == "done" { return seen }
                    var shown = event.objectValue ?? [:]
                    for key in ["_id", "wallTime", "ns"] { shown[key] = nil }
                    seen.append(.object(shown))
                }
                Issue.record("the stream ended before the last change")
                return seen
            }
            // Ann owns the lamp: her role reads its name, price and owner, nothing else; the
            // public desk she reads as a shopper, its name only.
            let owner: JSONValue = ["_id": 1, "owner_id": annId, "name": "lamp"]
            #expect(try await events(annSees) == [
                ["operationType": "insert", "fullDocument": ["_id": 1, "owner_id": annId, "name": "lamp", "price": 5], "documentKey": ["_id": 1]],
                ["operationType": "insert", "fullDocument": ["_id": 2, "name": "desk"], "documentKey": ["_id": 2]],
                ["operationType": "update", "fullDocument": ["_id": 1, "owner_id": annId, "name": "lamp", "price": 7], "documentKey": ["_id": 1],
                 "updateDescription": ["updatedFields": ["price": 7], "removedFields": [], "truncatedArrays": []]],
                ["operationType": "update", "fullDocument": owner, "documentKey": ["_id": 1],
                 "updateDescription": ["updatedFields": [:], "removedFields": ["price"], "truncatedArrays": []]],
                ["operationType": "delete", "documentKey": ["_id": 1]],
            ])
            // Cy, a shopper, sees public items' names: the lamp from when it became public (its
            // name did not change, and the fields removed then were never Cy's to read).
            #expect(try await events(cySees) == [
                ["operationType": "insert", "fullDocument": ["_id": 2, "name": "desk"], "documentKey": ["_id": 2]],
                ["operationType": "update", "fullDocument": ["_id": 1, "name": "lamp"], "documentKey": ["_id": 1],
                 "updateDescription": ["updatedFields": [:], "removedFields": [], "truncatedArrays": []]],
                ["operationType": "delete", "documentKey": ["_id": 1]],
            ])
            // Bo, the manager, sees every change whole.
            let managed = try await events(boSees)
            #expect(managed.count == 7)
            #expect(managed.last == ["operationType": "delete", "documentKey": ["_id": 3]])
            #expect(managed.first?["fullDocument"] == ["_id": 1, "owner_id": annId, "name": "lamp", "price": 5, "cost": 3])
            #expect(managed.dropFirst(2).first?["updateDescription"]?["updatedFields"] == ["price": 7, "cost": 4])

            let sign = try #require(try await cySigns.nextEvent(within: 10)?.json)
            #expect(sign["fullDocument"] == ["_id": 1, "text": "open"], "the stream's request is %%request")
            #expect(try await cy.json("find", ["query": [:]], in: ("shop", "signs")) == [], "a POST is not a GET")
            for stream in [annSees, boSees, cySees, cySigns] { stream.close() }
        }
    }

    /// Kiosks are read by the staff of their store (`%%user.custom_data.storeId`) and put up
    /// by keepers; as in realm-js's Store-App, where `switchStore` moves a person to another store.
    static let kiosks = DataRule(database: "shop", collection: "kiosks", roles: [
        AppRole(name: "keeper", applyWhen: ["%%user.custom_data.keeper": true], read: true, write: true, insert: true),
        AppRole(name: "staff", readFilter: ["storeId": "%%user.custom_data.storeId"], read: true),
    ])

    /// A watcher whose role reads its custom data follows that data as it changes: once Ann
    /// moves from store A to store B (an `updateOne` of her own custom data, as an app does it,
    /// here through another server on the same store), her open stream sends B's kiosks and no
    /// longer A's, without being opened again.
    @Test(arguments: StoreKind.allCases) func aWatcherFollowsItsCustomDataAsItChanges(_ kind: StoreKind) async throws {
        var config = TestConfig.app(maxRequestBytes: 65536)
        let notes = DataRule(database: "shop", collection: "notes", roles: [AppRole(name: "own", readFilter: ["by": "%%user.id"], read: true)])
        config.rules = [DataRule(database: "my_database", collection: "users", read: .own, write: .own, userIdField: "userId"), Self.kiosks, notes,
            DataRule(database: "shop", collection: "words", read: .all, write: .all)]
        let t = try await TestServer.make(config, store: kind)
        let ann = DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        let bo = DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        _ = try await ann.json("insertOne", ["document": ["storeId": "A"]])
        _ = try await bo.json("insertOne", ["document": ["keeper": true]])
        let kiosks = ("shop", "kiosks")
        let other = try await t.reopen(config)
        try await withLoopbackServer(t.server) { port in
            let annSees = try await ChangeStreamTests().open(port, t, ann, in: kiosks)
            // Streams whose rules do not read custom data are not handed its changes.
            let others = [
                try await ChangeStreamTests().open(port, t, ann, in: ("shop", "notes")),
                try await ChangeStreamTests().open(port, t, ann, in: ("shop", "words")),
            ]
            #expect(([annSees] + others).allSatisfy { $0.status == 200 })
            let users = DocumentChangeHub.Collection(appId: t.appId, database: "my_database", collection: "users")
            #expect(t.server.services.changeStreams.changes.watcherCount(of: users) == 1)
            for stream in others { stream.close() }
            func next() async throws -> JSONValue? { try await annSees.nextEvent(within: 10)?.json?["documentKey"]?["_id"] }

            _ = try await bo.json("insertOne", ["document": ["_id": "a1", "storeId": "A"]], in: kiosks)
            _ = try await bo.json("insertOne", ["document": ["_id": "b1", "storeId": "B"]], in: kiosks)
            #expect(try await next() == "a1")
            // Bo's own custom data changing is no concern of Ann's stream.
            _ = try await bo.json("updateOne", ["query": [:], "update": ["$set": ["shift": "late"]]])
            let move: JSONValue = [
                "name": "updateOne", "service": "mongodb-atlas",
                "arguments": [["database": "my_database", "collection": "users", "query": [:], "update": ["$set": ["storeId": "B"]]]],
            ]
            let moved = await t.call(.post, Route.functionCall(appId: t.appId), json: move, bearer: ann.login.accessToken, on: other)
            #expect(moved.json?["modifiedCount"] == 1)
            _ = try await bo.json("insertOne", ["document": ["_id": "a2", "storeId": "A"]], in: kiosks)
            _ = try await bo.json("insertOne", ["document": ["_id": "b2", "storeId": "B"]], in: kiosks)
            #expect(try await next() == "b2", "the kiosk of her new store, not the old one's")
            // And back, her custom data deleted: no store, no kiosks; then given again.
            _ = try await ann.json("deleteOne", ["query": [:]])
            _ = try await bo.json("insertOne", ["document": ["_id": "b3", "storeId": "B"]], in: kiosks)
            _ = try await ann.json("insertOne", ["document": ["storeId": "A"]])
            _ = try await bo.json("insertOne", ["document": ["_id": "a3", "storeId": "A"]], in: kiosks)
            #expect(try await next() == "a3")
            annSees.close()
        }
    }

    /// A role's document filter draws its regular expressions from the event's budget
    /// (`regexStepsPerChangeEvent`, 1,000,000 steps), as the watcher's own `filter` does: a
    /// document whose check would take more is not sent, and the stream goes on.
    @Test func aRolesRegularExpressionsKeepToTheEventsBudget() async throws {
        var config = TestConfig.app(maxRequestBytes: 65536)
        // The pattern backtracks through every string before the second clause holds.
        let costly: JSONValue = ["$or": [["s": ["$regex": "^(a|a)*$"]], ["kind": "wanted"]]]
        config.rules = [DataRule(database: "shop", collection: "tags", roles: [
            AppRole(name: "tagged", readFilter: costly, read: true, write: true, insert: true)
        ])]
        let t = try await TestServer.make(config, store: .sqlite)
        let ann = DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        try await withLoopbackServer(t.server) { port in
            let stream = try await ChangeStreamTests().open(port, t, ann, in: ("shop", "tags"))
            let strings = JSONValue.array(Array(repeating: "aaaaaaaaaaaaaaaaa!", count: 8))
            _ = try await ann.json("insertOne", ["document": ["_id": "costly", "kind": "wanted", "s": strings]], in: ("shop", "tags"))
            _ = try await ann.json("insertOne", ["document": ["_id": "plain", "kind": "wanted", "s": ["a!"]]], in: ("shop", "tags"))
            let event = try #require(try await stream.nextEvent(within: 10)?.json)
            #expect(event["documentKey"] == ["_id": "plain"], "the costly event is not sent; the next one is")
            stream.close()
        }
    }
}
