import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// realm-web's integration tests of functions and of the remote MongoDB service
/// (`functions.test.ts`, `remote-mongodb-service.test.ts`) against realm-web's own test app,
/// served from its App Services export: its data service is `local-mongodb` and its only rule
/// is the default rule, which opens `test-database.test-collection` as every other collection.
/// Arguments are canonical Extended JSON, as realm-web serialises them.
@Suite(.timeLimit(.minutes(2))) struct RealmWebRemoteMongoDBTests {
    /// realm-web's `runId`: a random integer past 32 bits, a double in canonical Extended JSON.
    static let runId: JSONValue = ["$numberDouble": "4503599627370497"]

    /// The `beforeEach` of realm-web's suite: Alice, Bob and Charlie of this run.
    static func start(_ kind: StoreKind = .sqlite) async throws -> (RealmWebTestAppClient, RealmWebTestAppClient.Collection) {
        let app = try await RealmWebTestAppClient.start(kind)
        let collection = app.collection(try await app.loggedIn(.anonymous))
        let inserted = try await collection.callAnswer("insertMany", ["documents": .array(["Alice", "Bob", "Charlie"].map {
            ["runId": runId, "name": .string($0), "hiddenField": "very-secret"]
        })])
        #expect(inserted["insertedIds"]?.arrayValue?.count == 3)
        return (app, collection)
    }

    static func isObjectId(_ value: JSONValue?) -> Bool { value?["$oid"]?.stringValue?.count == 24 }
    static func keys(_ value: JSONValue) -> Set<String> { Set(value.objectValue.map { Array($0.keys) } ?? []) }

    @Test func functionsAreCalledAuthenticated() async throws {
        let app = try await RealmWebTestAppClient.start()
        let user = try await app.loggedIn(.anonymous)
        #expect(await app.call("translate", ["hello", "en_fr"], as: user.accessToken).json == "bonjour")
        #expect(await app.call("translate", ["bonjour", "fr_en"], as: user.accessToken).json == "hello")
        let thrown = await app.call("translate", ["hello", "de_en"], as: user.accessToken)
        #expect(thrown.status == 400 && thrown.errorCode == "FunctionExecutionError" && thrown.errorMessage == "Watch your language!")
        #expect(await app.call("translate", ["hello", "en_fr"], as: "no-token").status == 401)
    }

    @Test(arguments: StoreKind.allCases) func findsCountsAndAggregates(_ kind: StoreKind) async throws {
        let (_, collection) = try await Self.start(kind)
        // can find documents
        let found = try #require(try await collection.callAnswer("find", ["query": [:], "limit": ["$numberInt": "10"]]).arrayValue)
        #expect(found.count == 3 && found.allSatisfy { Self.isObjectId($0["_id"]) })
        // returns null when finding no document
        #expect(try await collection.callAnswer("findOne", ["query": ["whatever": "non-existent"]]) == .null)
        // can find a single document, with projection
        let bob = try await collection.callAnswer("findOne", ["query": ["runId": Self.runId, "name": "Bob"], "project": ["name": ["$numberInt": "1"]]])
        #expect(bob["name"] == "Bob" && Self.keys(bob) == ["_id", "name"] && Self.isObjectId(bob["_id"]))
        // can aggregate
        let pipeline: JSONValue = [
            ["$match": ["runId": Self.runId]], ["$group": ["_id": .null, "names": ["$push": "$name"]]], ["$project": ["_id": ["$numberInt": "0"]]],
        ]
        #expect(try await collection.callAnswer("aggregate", ["pipeline": pipeline]) == [["names": ["Alice", "Bob", "Charlie"]]])
        // can count documents, insert a document and count & retrieve it again
        let before = try #require(try await collection.callAnswer("count", ["query": [:]]).intValue)
        let inserted = try await collection.callAnswer("insertOne", ["document": ["runId": Self.runId, "name": "Some test document ..."]])
        #expect(Self.isObjectId(inserted["insertedId"]))
        #expect(try await collection.callAnswer("count", ["query": [:]]).intValue == before + 1)
        let again = try await collection.callAnswer("findOne", ["query": ["_id": ["$eq": inserted["insertedId"] ?? .null]]])
        #expect(again == ["_id": inserted["insertedId"] ?? .null, "runId": 4_503_599_627_370_497.0, "name": "Some test document ..."],
            "the same document, its double as relaxed Extended JSON, which realm-web reads as the same number")
        // can insert many documents
        let many = try await collection.callAnswer("insertMany", ["documents": [
            ["runId": Self.runId, "name": "My first document"], ["runId": Self.runId, "name": "My second document"],
        ]])
        #expect(many["insertedIds"]?.arrayValue?.allSatisfy(Self.isObjectId) == true)
        #expect(try await collection.callAnswer("count", ["query": [:]]).intValue == before + 3)
    }

    @Test(arguments: StoreKind.allCases) func findsAndModifies(_ kind: StoreKind) async throws {
        let (_, collection) = try await Self.start(kind)
        let name1: JSONValue = ["name": ["$numberInt": "1"]]
        // can upsert a document if no one is found
        let dennis = try await collection.callAnswer("findOneAndUpdate", [
            "filter": ["runId": Self.runId, "name": "Nobody"], "update": ["name": "Dennis", "hiddenField": "a hidden value"],
            "upsert": true, "returnNewDocument": true,
        ])
        #expect(dennis["name"] == "Dennis" && Self.keys(dennis) == ["_id", "name", "hiddenField"])
        // can find and update a document, with projection
        let bobby = try await collection.callAnswer("findOneAndUpdate", [
            "filter": ["runId": Self.runId, "name": "Bob"], "update": ["name": "Bobby"], "projection": name1, "returnNewDocument": true,
        ])
        #expect(bobby["name"] == "Bobby" && Self.keys(bobby) == ["_id", "name"])
        // can find and replace a document, with projection
        let alison = try await collection.callAnswer("findOneAndReplace", [
            "filter": ["runId": Self.runId, "name": "Alice"], "update": ["runId": Self.runId, "name": "Alison"],
            "projection": ["name": ["$numberInt": "1"], "hiddenField": ["$numberInt": "1"]], "upsert": true, "returnNewDocument": true,
        ])
        #expect(alison["name"] == "Alison" && Self.keys(alison) == ["_id", "name"])
        // can find and delete a document: findOneAndReplace with no update, the last name first
        let countBefore = try #require(try await collection.callAnswer("count", ["query": ["runId": Self.runId]]).intValue)
        let charlie = try await collection.callAnswer("findOneAndReplace", [
            "filter": ["runId": Self.runId], "sort": ["name": ["$numberInt": "-1"]],
        ])
        #expect(charlie["name"] == "Charlie" && Self.keys(charlie) == ["_id", "runId", "name", "hiddenField"])
        #expect(try await collection.callAnswer("count", ["query": ["runId": Self.runId]]).intValue == countBefore - 1)
    }

    @Test(arguments: StoreKind.allCases) func updatesUpsertsAndDeletes(_ kind: StoreKind) async throws {
        let (_, collection) = try await Self.start(kind)
        // can update a document (a replacement, as realm-web's test sends it)
        let updated = try await collection.callAnswer("updateOne", ["query": ["runId": Self.runId, "name": "Alice"], "update": ["name": "Alison"]])
        #expect(updated == ["matchedCount": 1, "modifiedCount": 1], "no upsertedId")
        // upserts a document when updating and the query match nothing
        let upserted = try await collection.callAnswer("updateOne", [
            "query": ["runId": Self.runId, "name": "Dennis"], "update": ["runId": Self.runId, "name": "Dennis"], "upsert": true,
        ])
        #expect(upserted["matchedCount"] == 0 && upserted["modifiedCount"] == 0 && Self.isObjectId(upserted["upsertedId"]))
        // can update many documents (Bob, Charlie and Dennis)
        let many = try await collection.callAnswer("updateMany", ["query": ["runId": Self.runId], "update": ["hiddenField": "same secret"]])
        #expect(many == ["matchedCount": 3, "modifiedCount": 3])
        // can update documents using array filters
        _ = try await collection.callAnswer("insertOne", ["document": [
            "runId": Self.runId, "name": "arrayFilter",
            "values": [["condition": ["$numberInt": "1"], "status": false], ["condition": ["$numberInt": "2"], "status": false]],
        ]])
        let filtered = try await collection.callAnswer("updateOne", [
            "query": ["runId": Self.runId, "name": "arrayFilter"], "update": ["$set": ["values.$[element].status": true]],
            "arrayFilters": [["element.condition": ["$numberInt": "1"]]],
        ])
        #expect(filtered == ["matchedCount": 1, "modifiedCount": 1])
        let values = try await collection.callAnswer("findOne", ["query": ["runId": Self.runId, "name": "arrayFilter"]])["values"]?.arrayValue
        #expect(values?.first?["status"] == true && values?.last?["status"] == false)
        // upserts when updating many non-existing documents
        let upsertedMany = try await collection.callAnswer("updateMany", [
            "query": ["runId": Self.runId, "name": "Edna"], "update": ["runId": Self.runId, "name": "Edna"], "upsert": true,
        ])
        #expect(upsertedMany["matchedCount"] == 0 && Self.isObjectId(upsertedMany["upsertedId"]))
        // can delete a document, then many
        let count = try #require(try await collection.callAnswer("count", ["query": ["runId": Self.runId]]).intValue)
        #expect(try await collection.callAnswer("deleteOne", ["query": ["runId": Self.runId]]) == ["deletedCount": 1])
        #expect(try await collection.callAnswer("deleteMany", ["query": ["runId": Self.runId]]) == ["deletedCount": .int(Int64(count - 1))])
        #expect(try await collection.callAnswer("count", ["query": ["runId": Self.runId]]) == 0)
    }

    /// can watch changes correctly: every change, a `filter` over the event, and `ids`, read from
    /// `local-mongodb` over real HTTP.
    @Test func watchesChanges() async throws {
        let (app, collection) = try await Self.start()
        _ = try await collection.callAnswer("deleteMany", ["query": [:]])
        let str = "use some odd chars to force weird encoding %\n\r\n\\????>>>>"
        try await withLoopbackServer(app.t.server) { port in
            func watch(_ options: JSONObject) async throws -> EventStreamClient {
                var argument = RealmWebTestAppClient.Collection.namespace
                argument.merge(options) { $1 }
                return try await EventStreamClient.open(
                    base: "http://127.0.0.1:\(port)", appId: app.appId,
                    call: ["name": "watch", "arguments": [.object(argument)], "service": "local-mongodb"], token: collection.token)
            }
            let all = try await watch([:])
            let filtered = try await watch(["filter": ["$or": [["fullDocument._id": 3, "fullDocument.str": .string(str)], ["fullDocument.done": true]]]])
            let byIds = try await watch(["ids": [5, "done"]])
            #expect(all.status == 200 && filtered.status == 200 && byIds.status == 200)
            for i in 0..<10 {
                _ = try await collection.callAnswer("insertOne", ["document": ["_id": .int(Int64(i)), "hello": "world", "str": .string(str)]])
            }
            _ = try await collection.callAnswer("insertOne", ["document": ["_id": "done", "done": true]])
            for (stream, expected) in [(all, (0..<10).map { JSONValue.int(Int64($0)) }), (filtered, [3]), (byIds, [5])] {
                var seen: [JSONValue] = []
                while let event = try await stream.nextEvent()?.json, event["fullDocument"]?["done"] != true {
                    #expect(event["operationType"] == "insert")
                    seen.append(event["fullDocument"]?["_id"] ?? .null)
                }
                #expect(seen == expected)
                stream.close()
            }
        }
    }
}
