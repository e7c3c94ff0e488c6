import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// The whole data-access API over the wire, as realm-web sends it (canonical Extended JSON
/// arguments, sort keys in order): many-document writes, find-and-modify, projection, sort,
/// count, aggregate, the app's name for its data service, and the bounds.
@Suite struct DataAccessOperationsTests {
    static let notes = DataRule(database: "kiosk", collection: "notes", read: .all, write: .all)

    func start(store kind: StoreKind, _ configure: (inout AppConfig) -> Void = { _ in }) async throws -> (TestServer, DataAccessTests.Caller) {
        var config = DataAccessTests.config()
        config.rules = [Self.notes, DataAccessTests.closed, TestConfig.ownCustomData]
        configure(&config)
        let t = try await TestServer.make(config, store: kind)
        return (t, DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous)))
    }

    /// Calls with a body written out as text, so the order of its fields is what the text says.
    func raw(_ t: TestServer, _ caller: DataAccessTests.Caller, _ text: String) async -> WireResponse {
        await t.call(.post, Route.functionCall(appId: t.appId), body: Data(text.utf8), bearer: caller.login.accessToken)
    }

    func fill(_ ann: DataAccessTests.Caller) async throws {
        let inserted = try await ann.json("insertMany", ["documents": [
            ["_id": 1, "title": "a", "stars": ["$numberInt": "3"], "team": "red", "at": ["$date": ["$numberLong": "1700000000000"]]],
            ["_id": 2, "title": "b", "stars": 5, "team": "blue"],
            ["_id": 3, "title": "c", "stars": 3, "team": "blue"],
            ["_id": 4, "title": "d", "stars": 1, "team": "red"],
        ]], in: ("kiosk", "notes"))
        #expect(inserted == ["insertedIds": [1, 2, 3, 4]])
    }

    @Test(arguments: StoreKind.allCases) func sortKeysKeepTheOrderTheClientWrote(_ kind: StoreKind) async throws {
        let (t, ann) = try await start(store: kind)
        try await fill(ann)
        func titles(_ sort: String) async throws -> [String] {
            let text = #"{"name":"find","service":"mongodb-atlas","arguments":[{"database":"kiosk","collection":"notes","query":{},"#
                + #""project":{"title":{"$numberInt":"1"},"_id":0},"sort":\#(sort)}]}"#
            let response = await raw(t, ann, text)
            guard response.status == 200 else { throw TestServer.Unexpected(response: response) }
            return response.json?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        }
        #expect(try await titles(#"{"stars":{"$numberInt":"-1"},"title":{"$numberInt":"1"}}"#) == ["b", "a", "c", "d"])
        #expect(try await titles(#"{"title":-1,"stars":1}"#) == ["d", "c", "b", "a"])
        #expect(try await titles(#"{"team":1,"stars":1}"#) == ["c", "b", "d", "a"])
    }

    @Test(arguments: StoreKind.allCases) func manyDocumentWritesAndCountsWithoutALimit(_ kind: StoreKind) async throws {
        let (_, ann) = try await start(store: kind) { config in config.limits.dataCallSeconds = 300 }
        let notes = ("kiosk", "notes")
        try await fill(ann)
        #expect(try await ann.json("updateMany", ["query": ["team": "blue"], "update": ["$inc": ["stars": 1]]], in: notes)
            == ["matchedCount": 2, "modifiedCount": 2])
        #expect(try await ann.json("findOne", ["query": ["_id": 3], "project": ["stars": 1]], in: notes) == ["_id": 3, "stars": 4])
        #expect(try await ann.json("deleteMany", ["query": ["stars": ["$lt": 4]]], in: notes) == ["deletedCount": 2])
        #expect(try await ann.json("count", [:], in: notes) == 2)
        // A count without a limit counts everything, past any page size.
        let many: [JSONValue] = (0..<1_500).map { ["n": .int(Int64($0))] }
        _ = try await ann.json("insertMany", ["documents": .array(many)], in: notes)
        #expect(try await ann.json("count", [:], in: notes) == 1_502)
        #expect(try await ann.json("count", ["limit": 10], in: notes) == 10)
        #expect(try await ann.json("count", ["query": ["n": ["$gte": 1_000]]], in: notes) == 500)
        // insertMany is all or none: a duplicate _id writes nothing.
        let duplicate = await ann.data("insertMany", ["documents": [["_id": "new"], ["_id": 2]]], in: notes)
        #expect(duplicate.status == 400 && duplicate.errorMessage == "a document with _id '2' exists")
        #expect(duplicate.errorMessage?.contains("exists") == true)
        #expect(try await ann.json("findOne", ["query": ["_id": "new"]], in: notes) == .null)
    }

    @Test(arguments: StoreKind.allCases)
    func findOneAndModifyAnswersBeforeOrAfterAndRealmWebsDeleteIsAReplaceWithoutUpdate(_ kind: StoreKind) async throws {
        let (t, ann) = try await start(store: kind)
        let notes = ("kiosk", "notes")
        try await fill(ann)
        let before = try await ann.json("findOneAndUpdate", [
            "filter": ["team": "blue"], "update": ["$set": ["pinned": true]], "sort": ["stars": -1], "projection": ["title": 1, "pinned": 1],
        ], in: notes)
        #expect(before == ["_id": 2, "title": "b"])
        let after = try await ann.json("findOneAndUpdate", [
            "filter": ["title": "zz"], "update": ["$set": ["stars": 9]], "upsert": true, "returnNewDocument": true,
        ], in: notes)
        #expect(after["title"] == "zz" && after["stars"] == 9 && after["_id"]?["$oid"] != nil)
        #expect(try await ann.json("findOneAndUpdate", ["filter": ["title": "none"], "update": ["$set": ["x": 1]]], in: notes) == .null)
        let replaced = try await ann.json("findOneAndReplace", [
            "filter": ["_id": 4], "update": ["title": "d2"], "returnNewDocument": true,
        ], in: notes)
        #expect(replaced == ["_id": 4, "title": "d2"])
        // realm-web's findOneAndDelete: findOneAndReplace with a filter and no update.
        let text = #"{"name":"findOneAndReplace","service":"mongodb-atlas","arguments":[{"database":"kiosk","collection":"notes","filter":{"team":"blue"},"sort":{"stars":{"$numberInt":"1"}}}]}"#
        let deleted = await raw(t, ann, text)
        #expect(deleted.status == 200 && deleted.json?["title"] == "c")
        #expect(try await ann.json("findOne", ["query": ["_id": 3]], in: notes) == .null)
        #expect(await ann.data("findOneAndDelete", ["filter": ["_id": 1], "upsert": true], in: notes).errorMessage?
            .contains("neither upsert") == true)
        #expect(try await ann.json("findOneAndDelete", ["filter": ["_id": 1], "upsert": false], in: notes)["title"] == "a")
        #expect(try await ann.json("count", [:], in: notes) == 3)
        // Operators where a whole document belongs are refused (findOneAndUpdate with a whole
        // document replaces: DataAccessReplacementTests).
        #expect(await ann.data("findOneAndReplace", ["filter": [:], "update": ["$set": ["a": 1]]], in: notes).errorMessage?
            .contains("whole document") == true)
    }

    @Test(arguments: StoreKind.allCases) func answersAreRelaxedExtendedJSONAndTypesSurvive(_ kind: StoreKind) async throws {
        let (_, ann) = try await start(store: kind)
        let notes = ("kiosk", "notes")
        try await fill(ann)
        let found = try await ann.json("findOne", ["query": ["at": ["$gte": ["$date": "2023-01-01T00:00:00Z"]]]], in: notes)
        #expect(found["_id"] == 1)
        #expect(found["at"] == ["$date": "2023-11-14T22:13:20Z"])
        #expect(found["stars"] == 3)
        let oid = try await ann.json("insertOne", ["document": ["ref": ["$oid": "65F0C0FFEE0000000000BEEF"], "ratio": ["$numberDouble": "1.0"]]], in: notes)
        let stored = try await ann.json("findOne", ["query": ["_id": try #require(oid["insertedId"])]], in: notes)
        #expect(stored["ref"] == ["$oid": "65f0c0ffee0000000000beef"])
        #expect(stored["ratio"] == 1.0)
        #expect(try await ann.json("count", ["query": ["ref": ["$type": "objectId"]]], in: notes) == 1)
    }

    @Test(arguments: StoreKind.allCases) func aggregatePipelinesRunUnderTheRule(_ kind: StoreKind) async throws {
        let (t, ann) = try await start(store: kind)
        try await fill(ann)
        let text = #"{"name":"aggregate","service":"mongodb-atlas","arguments":[{"database":"kiosk","collection":"notes","pipeline":["#
            + #"{"$match":{"stars":{"$gte":{"$numberInt":"1"}}}},{"$group":{"_id":"$team","total":{"$sum":"$stars"},"n":{"$sum":1}}},"#
            + #"{"$sort":{"total":-1,"_id":1}}]}]}"#
        let response = await raw(t, ann, text)
        #expect(response.status == 200)
        #expect(response.json == [["_id": "blue", "total": 8, "n": 2], ["_id": "red", "total": 4, "n": 2]])
        let refused = await ann.data("aggregate", ["pipeline": [["$lookup": ["from": "users"]]]], in: ("kiosk", "notes"))
        #expect(refused.status == 400 && refused.errorMessage?.contains("$lookup") == true)
        // Under the custom data rule, a pipeline sees only the caller's own document.
        let bob = DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        _ = try await bob.json("insertOne", ["document": ["favoriteColor": "blue"]])
        _ = try await ann.json("insertOne", ["document": ["favoriteColor": "teal"]])
        #expect(try await ann.json("aggregate", ["pipeline": [["$project": ["favoriteColor": 1, "_id": 0]]]]) == [["favoriteColor": "teal"]])
        #expect(await ann.data("aggregate", ["pipeline": [["$match": ["userId": .string(bob.login.userId)]]]]).errorCode == "NoMatchingRuleFound")
    }

    @Test(arguments: StoreKind.allCases) func theDataServiceAnswersToTheAppsName(_ kind: StoreKind) async throws {
        let (_, ann) = try await start(store: kind) { config in config.dataServices = ["local-mongodb"] }
        let named = await ann.call(["name": "count", "service": "local-mongodb", "arguments": [["database": "kiosk", "collection": "notes"]]])
        #expect(named.status == 200 && named.json == 0)
        let other = await ann.call(["name": "count", "service": "mongodb-atlas", "arguments": [["database": "kiosk", "collection": "notes"]]])
        #expect(other.errorCode == "FunctionNotFound" && other.errorMessage?.contains("local-mongodb") == true)
    }

    @Test(arguments: StoreKind.allCases) func callsPastTheirBoundsSaySoAndChangeNothing(_ kind: StoreKind) async throws {
        // Ten thousand documents a call take longer than the deadline on a busy machine: the
        // bounds are what is tested here.
        let (_, ann) = try await start(store: kind) { config in
            config.maxRequestBytes = 4_000_000
            config.limits.dataCallSeconds = 300
        }
        let notes = ("kiosk", "notes")
        let many: [JSONValue] = (0..<DataAccessService.maximumDocuments + 1).map { ["n": .int(Int64($0))] }
        #expect(await ann.data("insertMany", ["documents": .array(many)], in: notes).errorMessage?.contains("at most 10000") == true)
        _ = try await ann.json("insertMany", ["documents": .array(Array(many.dropLast()))], in: notes)
        _ = try await ann.json("insertOne", ["document": ["n": -1]], in: notes)
        let unbounded = await ann.data("find", [:], in: notes)
        #expect(unbounded.status == 400 && unbounded.errorMessage?.contains("more than 10000 documents") == true)
        #expect(await ann.data("find", ["limit": 10_001], in: notes).errorMessage?.contains("at most 10000") == true)
        #expect(try await ann.json("find", ["limit": 3], in: notes).arrayValue?.count == 3)
        let tooMany = await ann.data("updateMany", ["query": [:], "update": ["$set": ["x": 1]]], in: notes)
        #expect(tooMany.status == 400 && tooMany.errorMessage?.contains("more than 10000") == true)
        #expect(try await ann.json("count", ["query": ["x": 1]], in: notes) == 0, "a refused update writes nothing")
        let stages: [JSONValue] = (0..<51).map { _ in ["$skip": 0] }
        #expect(await ann.data("aggregate", ["pipeline": .array(stages)], in: notes).status == 400)
    }

    @Test(arguments: StoreKind.allCases) func theOwnerIndexFollowsTheConfiguration(_ kind: StoreKind) async throws {
        let (t, ann) = try await start(store: kind)
        _ = try await ann.json("insertOne", ["document": ["favoriteColor": "teal", "owner": "someone"]])
        #expect(try await ann.customData()?["favoriteColor"] == "teal")
        // The app now keeps custom data by another field: the store re-reads the owners.
        var moved = DataAccessTests.config()
        moved.customUserData = CustomUserDataConfig(database: "my_database", collection: "users", userIdField: "owner")
        let reopened = try await t.reopen(moved)
        let document = try await reopened.admin.customData(appId: t.appId, userId: "someone")
        #expect(document?["favoriteColor"] == "teal")
        #expect(try await reopened.admin.customData(appId: t.appId, userId: ann.login.userId) == nil)
    }

    @Test(arguments: StoreKind.allCases) func noOperationGivesADocumentAwayUnderAnOwnRule(_ kind: StoreKind) async throws {
        let (t, ann) = try await start(store: kind)
        let bob = DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        _ = try await ann.json("insertOne", ["document": ["favoriteColor": "teal"]])
        let other = JSONValue.string(bob.login.userId)
        let attempts: [(String, JSONObject)] = [
            ("insertMany", ["documents": [["favoriteColor": "red"], ["userId": other, "favoriteColor": "red"]]]),
            ("updateMany", ["query": [:], "update": ["$set": ["userId": other]]]),
            ("updateMany", ["query": [:], "update": ["$rename": ["userId": "formerOwner"]]]),
            ("updateOne", ["query": [:], "update": ["$unset": ["userId": ""]]]),
            ("findOneAndUpdate", ["filter": [:], "update": ["$set": ["userId": other]]]),
            ("findOneAndReplace", ["filter": [:], "update": ["userId": other, "favoriteColor": "red"]]),
            ("deleteMany", ["query": ["userId": other]]),
            ("findOneAndDelete", ["filter": ["userId": other]]),
        ]
        for (name, arguments) in attempts {
            let response = await ann.data(name, arguments)
            #expect(response.status == 403 && response.errorCode == "NoMatchingRuleFound", "\(name): \(response.errorMessage ?? "")")
        }
        // Nothing changed: Ann has her one document, as it was.
        #expect(try await ann.json("find", ["project": ["_id": 0]]) == [["favoriteColor": "teal", "userId": .string(ann.login.userId)]])
        #expect(try await bob.json("count", [:]) == 0)
        // A replacement that leaves the field out keeps it.
        _ = try await ann.json("findOneAndReplace", ["filter": [:], "update": ["favoriteColor": "blue"]])
        #expect(try await ann.customData() == ["favoriteColor": "blue", "userId": .string(ann.login.userId)])
    }
}
