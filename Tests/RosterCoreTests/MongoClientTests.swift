import Foundation
import RosterServer
import RosterServerCore
import RosterWire
import Testing

@testable import RosterCore

/// `user.mongoClient(…)` and `user.functions` against the real server.
@Suite("Data access")
struct MongoClientTests {
    // BEHAVIOURS 31, 32, 34
    @Test func writingTheUsersOwnDocumentShowsInCustomDataAtOnce() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let anonymous = try await app.login(credentials: .anonymous)
        #expect(anonymous.customData == .emptyObject)
        let users = anonymous.mongoClient("mongodb-atlas").database("my_database").collection("users")
        let location = try await app.customUserDataLocation()
        #expect(location.database == "my_database" && location.collection == "users" && location.userIdField == "userId")

        let id = try await users.insertOne(["favoriteColor": "teal", "preferences": ["theme": "light"]])
        #expect(id["$oid"] != nil)
        #expect(anonymous.customData["favoriteColor"] == "teal", "refreshed after the insert")
        #expect(anonymous.customData["userId"] == .string(anonymous.id))

        let result = try await users.updateOne(filter: [:], update: ["$set": ["preferences.theme": "dark"], "$inc": ["visits": 1]])
        #expect(result == MongoCollection.UpdateResult(matchedCount: 1, modifiedCount: 1, upsertedId: nil))
        #expect(anonymous.customData["preferences"]?["theme"] == "dark" && anonymous.customData["visits"] == 1)
        let found = try #require(try await users.findOne())
        #expect(found["favoriteColor"] == "teal")
        #expect(try await users.find().count == 1)
        #expect(try await users.count() == 1)

        #expect(try await users.deleteOne() == 1)
        #expect(anonymous.customData == .emptyObject)
        let upserted = try await users.updateOne(filter: [:], update: ["$set": ["team": "night"]], upsert: true)
        #expect(upserted.upsertedId != nil && anonymous.customData["team"] == "night")
    }

    // BEHAVIOURS 31
    @Test func updateCustomDataWritesTheUsersOwnDocumentWhereverTheAppKeepsIt() async throws {
        let fixture = try await Fixture.start { config in
            config.customUserData = CustomUserDataConfig(database: "kiosk", collection: "people", userIdField: "owner")
            // Owners write their custom data only where a rule says so.
            config.rules = [DataRule(database: "kiosk", collection: "people", read: .own, write: .own, userIdField: "owner")]
        }
        let app = try fixture.makeApp()
        let anonymous = try await app.login(credentials: .anonymous)
        let made = try await anonymous.updateCustomData(["$set": ["badge": "gold"]])
        #expect(made.upsertedId != nil)
        #expect(anonymous.customData["badge"] == "gold" && anonymous.customData["owner"] == .string(anonymous.id))
        let none = try await anonymous.updateCustomData(["$unset": ["missing": ""]], upsert: false)
        #expect(none == MongoCollection.UpdateResult(matchedCount: 1, modifiedCount: 0, upsertedId: nil))

        let bare = try await Fixture.start { config in config.customUserData = nil }
        let joe = try await bare.makeApp().login(credentials: Fixture.joe)
        let refused = await rosterError { try await joe.updateCustomData(["$set": ["a": 1]]) }
        #expect(refused?.description.contains("keeps no custom user data") == true)
    }

    @Test func refusalsAreServerErrorsAndChangeNothing() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let emma = try await app.login(credentials: Fixture.emma)
        let users = joe.mongoClient("mongodb-atlas").database("my_database").collection("users")
        let before = joe.customData
        let spying = await rosterError { try await users.findOne(["userId": .string(emma.id)]) }
        #expect(spying?.serverCode == .noMatchingRuleFound)
        let stealing = await rosterError { try await users.updateOne(filter: [:], update: ["$set": ["userId": .string(emma.id)]]) }
        #expect(stealing?.serverCode == .noMatchingRuleFound)
        let unknown = await rosterError { try await users.find(filter: ["a": ["$near": [0, 0]]]) }
        #expect(unknown?.serverCode == .invalidParameter && unknown?.description.contains("$near") == true)
        let closed = await rosterError { try await joe.mongoClient("mongodb-atlas").database("other").collection("x").count() }
        #expect(closed?.serverCode == .noMatchingRuleFound)
        #expect(try await joe.refreshCustomData() == before)
    }

    @Test func namedFunctionsAreCalledAsMethods() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-core-fn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("count.sh")
        try Data("#!/bin/sh\ncat >/dev/null\necho 42\n".utf8).write(to: script)
        let fixture = try await Fixture.start { config in
            config.functions = ["answer": FunctionConfig(command: ["/bin/sh", script.path])]
        }
        let joe = try await fixture.makeApp().login(credentials: Fixture.joe)
        #expect(try await joe.functions.answer([]) == 42)
        #expect(try await joe.functions.call("answer") == 42)
        let missing = await rosterError { try await joe.functions.nothing([1]) }
        #expect(missing?.serverCode == .functionNotFound)
    }

    /// The whole collection API, as the SDKs offer it, against the real server: many-document
    /// writes, find-and-modify, sort in the order written, projection, aggregation.
    // BEHAVIOURS 31
    @Test func theWholeCollectionAPI() async throws {
        let fixture = try await Fixture.start { config in
            config.rules.append(DataRule(database: "kiosk", collection: "notes", read: .all, write: .all))
        }
        let joe = try await fixture.makeApp().login(credentials: Fixture.joe)
        let notes = joe.mongoClient("mongodb-atlas").database("kiosk").collection("notes")
        let ids = try await notes.insertMany([
            ["title": "a", "stars": 3, "team": "red"], ["title": "b", "stars": 5, "team": "blue"],
            ["title": "c", "stars": 3, "team": "blue"], ["title": "d", "stars": 1, "team": "red"],
        ])
        #expect(ids.count == 4 && ids.allSatisfy { $0["$oid"] != nil })
        // Stars down, then title up: the order of the sort keys matters.
        let sorted = try await notes.find(projection: ["title": 1, "_id": 0], sort: ["stars": -1, "title": 1])
        #expect(sorted == [["title": "b"], ["title": "a"], ["title": "c"], ["title": "d"]])
        let byTitleFirst = try await notes.find(projection: ["title": 1, "_id": 0], sort: ["title": -1, "stars": 1], limit: 2)
        #expect(byTitleFirst == [["title": "d"], ["title": "c"]])
        #expect(try await notes.findOne(["team": "blue"], projection: ["stars": 1, "_id": 0], sort: ["stars": 1]) == ["stars": 3])
        #expect(try await notes.count(["stars": ["$gte": 3]]) == 3)
        #expect(try await notes.count(limit: 2) == 2)

        let raised = try await notes.updateMany(filter: ["team": "red"], update: ["$inc": ["stars": 1]])
        #expect(raised == MongoCollection.UpdateResult(matchedCount: 2, modifiedCount: 2, upsertedId: nil))
        let before = try await notes.findOneAndUpdate(filter: ["title": "a"], update: ["$set": ["pinned": true]])
        #expect(before?["pinned"] == nil && before?["stars"] == 4)
        let after = try await notes.findOneAndUpdate(
            filter: ["title": "z"], update: ["$set": ["stars": 0]],
            options: .init(projection: ["_id": 0], upsert: true, returnNewDocument: true))
        #expect(after == ["title": "z", "stars": 0])
        let replaced = try await notes.findOneAndReplace(
            filter: ["title": "z"], replacement: ["title": "y", "stars": 2], options: .init(returnNewDocument: true))
        #expect(replaced?["title"] == "y" && replaced?["stars"] == 2)
        let deleted = try await notes.findOneAndDelete(filter: ["team": "blue"], sort: ["stars": -1])
        #expect(deleted?["title"] == "b")
        let nothing = try await notes.findOneAndDelete(filter: ["title": "nothing"])
        #expect(nothing == Optional<JSONValue>.none, "no match is nil, not JSON null")

        let totals = try await notes.aggregate([
            ["$group": ["_id": "$team", "stars": ["$sum": "$stars"], "count": ["$sum": 1]]],
            ["$sort": ["stars": -1, "_id": 1]],
        ])
        #expect(totals == [["_id": "red", "stars": 6, "count": 2], ["_id": "blue", "stars": 3, "count": 1], ["_id": .null, "stars": 2, "count": 1]])
        #expect(try await notes.deleteMany(filter: ["stars": ["$lt": 5]]) == 4)
        #expect(try await notes.count() == 0)
    }
}
