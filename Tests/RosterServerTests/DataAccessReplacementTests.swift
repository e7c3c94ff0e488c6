import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Updates as App Services does them (realm-web's own tests): a document without update
/// operators replaces what it matches in updateOne, updateMany and findOneAndUpdate, and an
/// upsert of one inserts exactly `_id` and the replacement; a document that mixes operators and
/// fields is refused by name and changes nothing. And natural order is the order of insertion,
/// since ids one server makes increase.
@Suite struct DataAccessReplacementTests {
    let notes = ("kiosk", "notes")

    func start(_ kind: StoreKind) async throws -> (TestServer, DataAccessTests.Caller) {
        try await DataAccessOperationsTests().start(store: kind)
    }

    func insertAliceBobAndCharlie(_ ann: DataAccessTests.Caller, runId: String) async throws {
        for name in ["Alice", "Bob", "Charlie"] {
            _ = try await ann.json("insertOne", ["document": ["runId": .string(runId), "name": .string(name), "hiddenField": "secret"]], in: notes)
        }
    }

    /// The documents of a run, without their ids, in natural order.
    func documents(_ ann: DataAccessTests.Caller, runId: String) async throws -> [JSONValue] {
        let found = try await ann.json("find", ["query": ["runId": .string(runId)]], in: notes)
        return (found.arrayValue ?? []).map { document in
            guard case .object(var fields) = document else { return document }
            fields["_id"] = nil
            return .object(fields)
        }
    }

    @Test(arguments: StoreKind.allCases) func updateManyWithoutOperatorsReplacesEveryMatch(_ kind: StoreKind) async throws {
        let (_, ann) = try await start(kind)
        try await insertAliceBobAndCharlie(ann, runId: "r1")
        let ids = try await ann.json("find", ["query": ["runId": "r1"], "project": ["_id": 1]], in: notes)
        let result = try await ann.json("updateMany", ["query": ["runId": "r1"], "update": ["hiddenField": "same secret"]], in: notes)
        #expect(result == ["matchedCount": 3, "modifiedCount": 3])
        let replaced = try await ann.json("find", ["query": ["hiddenField": "same secret"]], in: notes)
        #expect(replaced.arrayValue?.count == 3)
        #expect(replaced.arrayValue?.allSatisfy { $0.objectValue?.keys.sorted() == ["_id", "hiddenField"] } == true, "\(replaced)")
        #expect(try await ann.json("find", ["query": ["hiddenField": "same secret"], "project": ["_id": 1]], in: notes) == ids, "ids are kept")
    }

    @Test(arguments: StoreKind.allCases) func anUpsertOfAReplacementInsertsExactlyItsIdAndTheReplacement(_ kind: StoreKind) async throws {
        let (_, ann) = try await start(kind)
        for operation in ["updateOne", "updateMany"] {
            let result = try await ann.json(
                operation, ["query": ["runId": "r2", "name": "Dennis"], "update": ["runId": "r2", "name": "Dennis"], "upsert": true], in: notes)
            #expect(result["matchedCount"] == 0 && result["modifiedCount"] == 0 && result["upsertedId"]?["$oid"] != nil, "\(operation): \(result)")
            let upserted = try await ann.json("findOne", ["query": ["_id": try #require(result["upsertedId"])]], in: notes)
            #expect(upserted.objectValue?.keys.sorted() == ["_id", "name", "runId"], "\(operation): \(upserted)")
            _ = try await ann.json("deleteMany", ["query": ["runId": "r2"]], in: notes)
        }
        // The query's fields are not added to the replacement.
        let result = try await ann.json("updateOne", ["query": ["runId": "r3", "name": "Erin"], "update": ["title": "x"], "upsert": true], in: notes)
        let upserted = try await ann.json("findOne", ["query": ["_id": try #require(result["upsertedId"])]], in: notes)
        #expect(upserted.objectValue?.keys.sorted() == ["_id", "title"])
    }

    @Test(arguments: StoreKind.allCases) func findOneAndUpdateWithoutOperatorsReplacesAndAnswersAsAsked(_ kind: StoreKind) async throws {
        let (_, ann) = try await start(kind)
        try await insertAliceBobAndCharlie(ann, runId: "r4")
        let after = try await ann.json("findOneAndUpdate", [
            "filter": ["runId": "r4", "name": "Bob"], "update": ["name": "Bobby"], "projection": ["name": 1, "_id": 0], "returnNewDocument": true,
        ], in: notes)
        #expect(after == ["name": "Bobby"])
        #expect(try await ann.json("count", ["query": ["runId": "r4"]], in: notes) == 2, "Bob's document lost its other fields")
        let upserted = try await ann.json("findOneAndUpdate", [
            "filter": ["runId": "r4", "name": "Dennis"], "update": ["name": "Dennis"], "projection": ["name": 1, "_id": 0],
            "upsert": true, "returnNewDocument": true,
        ], in: notes)
        #expect(upserted == ["name": "Dennis"])
        let dennis = try await ann.json("findOne", ["query": ["name": "Dennis"]], in: notes)
        #expect(dennis.objectValue?.keys.sorted() == ["_id", "name"])
    }

    @Test(arguments: StoreKind.allCases) func anUpdateMixingOperatorsAndFieldsIsRefusedByNameAndChangesNothing(_ kind: StoreKind) async throws {
        let (_, ann) = try await start(kind)
        try await insertAliceBobAndCharlie(ann, runId: "r5")
        let before = try await documents(ann, runId: "r5")
        for operation in ["updateOne", "updateMany"] {
            let refused = await ann.data(operation, ["query": ["runId": "r5"], "update": ["$set": ["a": 1], "name": "Zed"], "upsert": true], in: notes)
            #expect(refused.status == 400, "\(operation)")
            #expect(refused.errorMessage?.contains("not both: '$set' beside the field 'name'") == true, "\(refused.errorMessage ?? "")")
        }
        let refused = await ann.data("findOneAndUpdate", ["filter": ["runId": "r5"], "update": ["name": "Zed", "$inc": ["n": 1]]], in: notes)
        #expect(refused.status == 400 && refused.errorMessage?.contains("'$inc' beside the field 'name'") == true, "\(refused.errorMessage ?? "")")
        #expect(try await documents(ann, runId: "r5") == before)
        #expect(try await ann.json("count", [:], in: notes) == 3)
    }

    /// Ids made in the same second increase, so a collection's natural order is the order its
    /// documents were inserted in.
    @Test(arguments: StoreKind.allCases) func naturalOrderIsInsertionOrder(_ kind: StoreKind) async throws {
        let (t, ann) = try await start(kind)
        try await insertAliceBobAndCharlie(ann, runId: "r6")
        let text = #"{"name":"aggregate","service":"mongodb-atlas","arguments":[{"database":"kiosk","collection":"notes","pipeline":["#
            + #"{"$match":{"runId":"r6"}},{"$group":{"_id":null,"names":{"$push":"$name"}}}]}]}"#
        let response = await DataAccessOperationsTests().raw(t, ann, text)
        #expect(response.status == 200)
        #expect(response.json == [["_id": .null, "names": ["Alice", "Bob", "Charlie"]]])
        #expect(try await documents(ann, runId: "r6").map { $0["name"] } == ["Alice", "Bob", "Charlie"])
    }
}
