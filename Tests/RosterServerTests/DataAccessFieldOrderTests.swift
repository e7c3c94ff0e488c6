import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Documents keep the order of their fields from the write to every answer, as MongoDB keeps
/// it: `_id` first, the rest as written; an update replaces a field in place and adds new ones at
/// the end (several new ones in name order, as MongoDB 5.0 and later apply them); `$project`,
/// `$set` and `$group` place their fields as MongoDB does. Through the server's routes, on both stores.
@Suite struct DataAccessFieldOrderTests {
    let notes = ("kiosk", "notes")

    func start(_ kind: StoreKind) async throws -> (TestServer, DataAccessTests.Caller) {
        try await DataAccessOperationsTests().start(store: kind)
    }

    func keys(_ value: JSONValue?) -> [String] { value?.objectValue.map { Array($0.keys) } ?? [] }

    @Test(arguments: StoreKind.allCases) func aDocumentComesBackInTheOrderItWasWritten(_ kind: StoreKind) async throws {
        let (_, ann) = try await start(kind)
        let document = try JSONValue(parsing: #"{"zeta": 1, "alpha": {"y": true, "b": [{"q": 1, "a": 2}]}, "mid": "m"}"#)
        let inserted = try await ann.json("insertOne", ["document": document], in: notes)
        let found = try await ann.json("findOne", ["query": ["_id": try #require(inserted["insertedId"])]], in: notes)
        #expect(keys(found) == ["_id", "zeta", "alpha", "mid"], "\(found)")
        #expect(keys(found["alpha"]) == ["y", "b"])
        #expect(keys(found["alpha"]?["b"]?.arrayValue?.first) == ["q", "a"])
        // Sent with `_id` last, it is stored first, as MongoDB stores it.
        _ = try await ann.json("insertOne", ["document": ["b": 1, "a": 2, "_id": "mine"]], in: notes)
        #expect(keys(try await ann.json("findOne", ["query": ["_id": "mine"]], in: notes)) == ["_id", "b", "a"])
    }

    @Test(arguments: StoreKind.allCases) func updatesReplaceInPlaceAndAddAtTheEnd(_ kind: StoreKind) async throws {
        let (_, ann) = try await start(kind)
        _ = try await ann.json("insertOne", ["document": ["_id": "d", "zeta": 1, "alpha": 2]], in: notes)
        _ = try await ann.json("updateOne", ["query": ["_id": "d"], "update": ["$set": ["zeta": 5, "q": 1, "c": 2], "$inc": ["alpha": 1]]], in: notes)
        let updated = try await ann.json("findOne", ["query": ["_id": "d"]], in: notes)
        #expect(keys(updated) == ["_id", "zeta", "alpha", "c", "q"], "\(updated)")
        #expect(updated["zeta"] == 5 && updated["alpha"] == 3)
        // Unset then set again: the field comes back at the end.
        _ = try await ann.json("updateOne", ["query": ["_id": "d"], "update": ["$unset": ["zeta": ""]]], in: notes)
        _ = try await ann.json("updateOne", ["query": ["_id": "d"], "update": ["$set": ["zeta": 0]]], in: notes)
        #expect(keys(try await ann.json("findOne", ["query": ["_id": "d"]], in: notes)) == ["_id", "alpha", "c", "q", "zeta"])
        // A replacement is `_id` and the replacement's fields in its order.
        let replaced = try await ann.json(
            "findOneAndReplace", ["filter": ["_id": "d"], "update": ["y": 1, "b": 2], "returnNewDocument": true], in: notes)
        #expect(keys(replaced) == ["_id", "y", "b"], "\(replaced)")
    }

    @Test(arguments: StoreKind.allCases) func projectionsAndPipelinesPlaceFieldsAsMongoDBDoes(_ kind: StoreKind) async throws {
        let (_, ann) = try await start(kind)
        _ = try await ann.json("insertOne", ["document": ["_id": 1, "title": "t", "isbn": "x", "author": ["last": "z", "first": "a"], "copies": 5]], in: notes)
        // A find projection keeps the document's order, whatever the projection's.
        let projected = try await ann.json("findOne", ["query": ["_id": 1], "project": ["copies": 1, "title": 1]], in: notes)
        #expect(keys(projected) == ["_id", "title", "copies"], "\(projected)")
        let excluded = try await ann.json("findOne", ["query": ["_id": 1], "project": ["isbn": 0]], in: notes)
        #expect(keys(excluded) == ["_id", "title", "author", "copies"])
        // $project: what it includes in the document's order, then what it computes in its own.
        let stages = try JSONValue(parsing: #"""
            [{"$project": {"total": {"$add": ["$copies", 1]}, "copies": 1, "lastName": "$author.last", "title": 1}},
             {"$set": {"title": "T", "extra": true}}]
            """#)
        let reshaped = try await ann.json("aggregate", ["pipeline": stages], in: notes)
        #expect(keys(reshaped.arrayValue?.first) == ["_id", "title", "copies", "total", "lastName", "extra"], "\(reshaped)")
        #expect(reshaped.arrayValue?.first?["title"] == "T")
        // $group: `_id`, then the accumulators in the stage's order.
        let grouped = try await ann.json(
            "aggregate", ["pipeline": [["$group": ["_id": nil, "zCount": ["$sum": 1], "aMax": ["$max": "$copies"]]]]], in: notes)
        #expect(keys(grouped.arrayValue?.first) == ["_id", "zCount", "aMax"], "\(grouped)")
    }

    /// MongoDB compares embedded documents field by field in order: an equality query on one
    /// matches the same fields in the same order only.
    @Test(arguments: StoreKind.allCases) func anEmbeddedDocumentMatchesInItsOwnOrderOnly(_ kind: StoreKind) async throws {
        let (_, ann) = try await start(kind)
        _ = try await ann.json("insertOne", ["document": ["_id": 1, "size": ["h": 14, "w": 21]]], in: notes)
        #expect(try await ann.json("count", ["query": ["size": ["h": 14, "w": 21]]], in: notes) == 1)
        #expect(try await ann.json("count", ["query": ["size": ["w": 21, "h": 14]]], in: notes) == 0)
    }

    /// A field named twice is a request two readers could take two ways (an owner field that
    /// says one person to a rule and another to the store): refused whole, nothing written.
    @Test(arguments: StoreKind.allCases) func aFieldNamedTwiceIsRefusedAndWritesNothing(_ kind: StoreKind) async throws {
        let (t, ann) = try await start(kind)
        let body = #"""
            {"name": "insertOne", "service": "mongodb-atlas",
             "arguments": [{"database": "kiosk", "collection": "notes", "document": {"_id": "x", "who": "a", "who": "b"}}]}
            """#
        let response = await t.call(.post, Route.functionCall(appId: t.appId), body: Data(body.utf8), bearer: ann.login.accessToken)
        #expect(response.status == 400 && response.json?["error_code"] == "BadRequest", "\(response.status) \(response.json ?? .null)")
        #expect(try await ann.json("count", ["query": [:]], in: notes) == 0)
    }
}
