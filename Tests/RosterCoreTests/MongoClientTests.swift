import Foundation
import RosterServer
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
        let unknown = await rosterError { try await users.find(filter: ["a": ["$regex": "x"]]) }
        #expect(unknown?.serverCode == .invalidParameter && unknown?.description.contains("$regex") == true)
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
}
