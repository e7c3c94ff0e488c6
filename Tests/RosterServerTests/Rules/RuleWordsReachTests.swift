import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Roster's rule words decide, document by document, what a caller reads and which existing
/// documents a write reaches, also where reading and writing differ: a collection written but
/// never read answers a write with nothing, and `own` reading beside `all` writing hides someone
/// else's document from the answer of a write that reached it.
@Suite struct RuleWordsReachTests {
    static let dropBox = DataRule(database: "kiosk", collection: "drop", read: .none, write: .all)
    static let board = DataRule(database: "kiosk", collection: "board", read: .own, write: .all, userIdField: "owner")

    func start(_ kind: StoreKind) async throws -> (ann: DataAccessTests.Caller, bob: DataAccessTests.Caller) {
        var config = DataAccessTests.config()
        config.rules = [Self.dropBox, Self.board, TestConfig.ownCustomData]
        let t = try await TestServer.make(config, store: kind)
        return (DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous)), DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous)))
    }

    @Test(arguments: StoreKind.allCases) func aCollectionWrittenButNeverReadAnswersWritesWithNothing(_ kind: StoreKind) async throws {
        let (ann, _) = try await start(kind)
        let drop = ("kiosk", "drop")
        #expect(try await ann.json("insertOne", ["document": ["_id": 1, "text": "a tip"]], in: drop) == ["insertedId": 1])
        #expect(try await ann.json("updateOne", ["query": ["_id": 1], "update": ["$set": ["text": "two tips"]]], in: drop)
            == ["matchedCount": 1, "modifiedCount": 1])
        // The write reached the document; its answer shows nothing of it.
        #expect(try await ann.json("findOneAndUpdate", ["filter": ["_id": 1], "update": ["$set": ["seen": true]]], in: drop) == .null)
        let find = await ann.data("find", ["query": [:]], in: drop)
        #expect(find.status == 403 && find.errorCode == "NoMatchingRuleFound")
        #expect(find.errorMessage == "users may not read kiosk.drop")
        #expect(try await ann.json("deleteOne", ["query": ["_id": 1]], in: drop) == ["deletedCount": 1])
        #expect(try await ann.json("deleteOne", ["query": ["_id": 1]], in: drop) == ["deletedCount": 0])
    }

    @Test(arguments: StoreKind.allCases) func ownReadingBesideAllWritingShowsOnlyTheCallersDocuments(_ kind: StoreKind) async throws {
        let (ann, bob) = try await start(kind)
        let board = ("kiosk", "board")
        _ = try await ann.json("insertOne", ["document": ["_id": "ann's", "owner": .string(ann.login.userId), "n": 1]], in: board)
        _ = try await bob.json("insertOne", ["document": ["_id": "bob's", "owner": .string(bob.login.userId), "n": 1]], in: board)
        // Writing reaches every document; reading, only one's own.
        #expect(try await ann.json("updateMany", ["query": [:], "update": ["$inc": ["n": 1]]], in: board) == ["matchedCount": 2, "modifiedCount": 2])
        #expect(try await ann.json("find", ["query": [:]], in: board) == [["_id": "ann's", "owner": .string(ann.login.userId), "n": 2]])
        #expect(try await bob.json("find", ["query": [:]], in: board) == [["_id": "bob's", "owner": .string(bob.login.userId), "n": 2]])
        // Ann's write reaches Bob's document and its answer hides it; her own comes back.
        #expect(try await ann.json("findOneAndUpdate", ["filter": ["_id": "bob's"], "update": ["$inc": ["n": 1]]], in: board) == .null)
        #expect(
            try await ann.json("findOneAndUpdate", ["filter": ["_id": "ann's"], "update": ["$inc": ["n": 1]], "returnNewDocument": true], in: board)
                == ["_id": "ann's", "owner": .string(ann.login.userId), "n": 3])
        #expect(try await bob.json("findOne", ["query": ["_id": "bob's"]], in: board) == ["_id": "bob's", "owner": .string(bob.login.userId), "n": 3])
    }
}
