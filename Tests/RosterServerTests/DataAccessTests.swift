import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `functions/call` with `mongodb-atlas`: CRUD on collections, the rules that guard them, and
/// the refusals for bad input that leave everything as it was.
@Suite struct DataAccessTests {
    static let notes = DataRule(database: "kiosk", collection: "notes", read: .all, write: .all)
    static let closed = DataRule(database: "kiosk", collection: "audit", read: .none, write: .none)

    static func config(maxDocumentBytes: Int = 2048, functions: [String: FunctionConfig] = [:]) -> AppConfig {
        var config = TestConfig.app(maxRequestBytes: 65536)
        config.rules = [notes, closed, TestConfig.ownCustomData]
        config.maxDocumentBytes = maxDocumentBytes
        config.functions = functions
        return config
    }

    struct Caller {
        let t: TestServer
        let login: LoginResponse

        /// Calls a data access operation on `database.collection` with the other arguments.
        func data(_ name: String, _ arguments: JSONObject, in namespace: (String, String) = ("my_database", "users")) async
            -> WireResponse
        {
            var argument = arguments
            argument["database"] = .string(namespace.0)
            argument["collection"] = .string(namespace.1)
            return await call(["name": .string(name), "service": "mongodb-atlas", "arguments": [.object(argument)]])
        }

        func call(_ body: JSONValue) async -> WireResponse {
            await t.call(.post, Route.functionCall(appId: t.appId), json: body, bearer: login.accessToken)
        }

        func json(_ name: String, _ arguments: JSONObject, in namespace: (String, String) = ("my_database", "users")) async throws
            -> JSONValue
        {
            let response = await data(name, arguments, in: namespace)
            guard response.status == 200, let json = response.json else { throw TestServer.Unexpected(response: response) }
            return json
        }

        /// The caller's custom data as a fresh access token carries it.
        func customData() async throws -> JSONValue? {
            let session = try await t.call(.post, Route.session, bearer: login.refreshToken).decoded(SessionResponse.self)
            return try UnverifiedJWT.claims(AccessTokenClaims.self, of: session.accessToken).userData
        }
    }

    func start(_ config: AppConfig = config(), store kind: StoreKind) async throws -> (TestServer, Caller, Caller) {
        let t = try await TestServer.make(config, store: kind)
        return (t, Caller(t: t, login: try await t.loggedIn(.anonymous)), Caller(t: t, login: try await t.loggedIn(.anonymous)))
    }

    // BEHAVIOURS 31
    @Test(arguments: StoreKind.allCases) func aUserInsertsReadsAndUpdatesTheirOwnCustomData(_ kind: StoreKind) async throws {
        let (_, ann, _) = try await start(store: kind)
        let inserted = try await ann.json("insertOne", ["document": ["favoriteColor": "teal", "preferences": ["theme": "dark"]]])
        let id = try #require(inserted["insertedId"]?["$oid"]?.stringValue)
        let found = try await ann.json("findOne", ["query": [:]])
        #expect(found["_id"] == ["$oid": .string(id)])
        #expect(found["userId"] == .string(ann.login.userId), "the user-id field is filled in")
        #expect(try await ann.customData()?["favoriteColor"] == "teal")

        let updated = try await ann.json("updateOne", [
            "query": ["preferences.theme": "dark"],
            "update": ["$set": ["preferences.fontScale": 1.5, "team": "ops"], "$inc": ["visits": 2], "$push": ["tags": "new"]],
        ])
        #expect(updated == ["matchedCount": 1, "modifiedCount": 1])
        #expect(try await ann.json("updateOne", ["query": [:], "update": ["$inc": ["visits": ["$numberInt": "3"]], "$unset": ["team": ""]]])
            == ["matchedCount": 1, "modifiedCount": 1])
        let data = try #require(try await ann.customData())
        #expect(data["preferences"] == ["theme": "dark", "fontScale": 1.5])
        #expect(data["visits"] == 5 && data["tags"] == ["new"] && data["team"] == nil)
        // Setting what is already there matches but changes nothing.
        #expect(try await ann.json("updateOne", ["query": [:], "update": ["$set": ["visits": 5]]]) == ["matchedCount": 1, "modifiedCount": 0])
        #expect(try await ann.json("count", [:]) == 1)
        #expect(try await ann.json("deleteOne", ["query": ["visits": ["$gte": 5]]]) == ["deletedCount": 1])
        #expect(try await ann.customData() == nil)
    }

    /// Without a rule for it, the custom user data collection is read-own, write-none: its
    /// fields reach the access token's `user_data`, where an app may keep roles, so a user may
    /// not grant themselves one. The attack: `updateOne({}, {$set: {role: "admin"}})` on one's
    /// own document, then a refresh, put `role: admin` in one's token.
    // Matching and rules run outside the store: one driver is enough.
    @Test(arguments: [StoreKind.sqlite]) func withoutARuleOwnersReadTheirCustomDataButCannotWriteIt(_ kind: StoreKind) async throws {
        var config = TestConfig.app()
        config.rules = []
        let t = try await TestServer.make(config, store: kind)
        let ann = Caller(t: t, login: try await t.loggedIn(.anonymous))
        try await t.server.admin.setCustomData(appId: t.appId, userId: ann.login.userId, document: ["role": "reader"])
        #expect(try await ann.json("findOne", ["query": [:]])["role"] == "reader")
        for (name, arguments) in [
            ("updateOne", ["query": [:], "update": ["$set": ["role": "admin"]]] as JSONObject),
            ("insertOne", ["document": ["role": "admin"]]),
            ("deleteMany", ["query": [:]]),
            ("findOneAndUpdate", ["filter": [:], "update": ["$set": ["role": "admin"]]]),
        ] {
            let refused = await ann.data(name, arguments)
            #expect(refused.status == 403 && refused.errorCode == "NoMatchingRuleFound", "\(name): \(refused.errorMessage ?? "")")
        }
        #expect(try await ann.customData()?["role"] == "reader")
    }

    @Test(arguments: StoreKind.allCases) func anUpsertMakesTheDocumentAndAReplacementKeepsItsOwner(_ kind: StoreKind) async throws {
        let (_, ann, _) = try await start(store: kind)
        let upserted = try await ann.json("updateOne", ["query": [:], "update": ["$set": ["favoriteColor": "red"]], "upsert": true])
        #expect(upserted["matchedCount"] == 0 && upserted["upsertedId"]?["$oid"] != nil)
        #expect(try await ann.json("updateOne", ["query": [:], "update": ["shift": 2]]) == ["matchedCount": 1, "modifiedCount": 1])
        let data = try #require(try await ann.customData())
        #expect(data["shift"] == 2 && data["favoriteColor"] == nil && data["userId"] == .string(ann.login.userId))
        #expect(try await ann.json("count", [:]) == 1)
    }

    @Test(arguments: StoreKind.allCases) func queriesUseEqualityPathsInExistsAndComparisons(_ kind: StoreKind) async throws {
        let (_, ann, bob) = try await start(store: kind)
        let notes = ("kiosk", "notes")
        for (index, note) in [
            ["title": "a", "stars": 1, "meta": ["lang": "en"], "tags": ["x", "y"]],
            ["title": "b", "stars": 3, "meta": ["lang": "fr"]],
            ["title": "c", "stars": 5.5, "pinned": true],
        ].enumerated() as EnumeratedSequence<[JSONValue]> {
            _ = try await (index == 1 ? bob : ann).json("insertOne", ["document": note], in: notes)
        }
        func titles(_ query: JSONValue, limit: Int? = nil) async throws -> [String] {
            var arguments: JSONObject = ["query": query]
            if let limit { arguments["limit"] = .int(Int64(limit)) }
            return try await ann.json("find", arguments, in: notes).arrayValue?.compactMap { $0["title"]?.stringValue }.sorted() ?? []
        }
        #expect(try await titles([:]) == ["a", "b", "c"], "the notes rule lets everyone read everything")
        #expect(try await titles(["meta.lang": "fr"]) == ["b"])
        #expect(try await titles(["tags": "y"]) == ["a"], "an array field matches a value it holds")
        #expect(try await titles(["title": ["$in": ["a", "c", "z"]]]) == ["a", "c"])
        #expect(try await titles(["pinned": ["$exists": true]]) == ["c"])
        #expect(try await titles(["pinned": ["$exists": false]]) == ["a", "b"])
        #expect(try await titles(["stars": ["$gt": 1]]) == ["b", "c"])
        #expect(try await titles(["stars": ["$gte": 3, "$lt": 5.5]]) == ["b"])
        #expect(try await titles(["stars": ["$lte": 1.0]]) == ["a"], "1 and 1.0 compare as numbers")
        #expect(try await titles(["stars": ["$gt": "1"]]) == [], "a string never compares with a number")
        #expect(try await titles(["$and": [["stars": ["$gt": 0]], ["title": ["$ne": "a"]]]]) == ["b", "c"])
        #expect(try await titles([:], limit: 2).count == 2)
        // A document is found by the id its insert answered, in extended JSON or plain.
        let inserted = try await ann.json("insertOne", ["document": ["title": "d"]], in: notes)
        let id = try #require(inserted["insertedId"])
        #expect(try await ann.json("findOne", ["query": ["_id": id]], in: notes)["title"] == "d")
        // As in MongoDB, the ObjectId's hex digits as a string are another value.
        #expect(try await ann.json("findOne", ["query": ["_id": .string(id["$oid"]?.stringValue ?? "")]], in: notes) == .null)
        #expect(try await ann.json("updateOne", ["query": ["_id": id], "update": ["$set": ["stars": 2]]], in: notes)["modifiedCount"] == 1)
        #expect(try await ann.json("deleteOne", ["query": ["_id": id]], in: notes) == ["deletedCount": 1])
        let custom = try await ann.json("insertOne", ["document": ["_id": "note-e", "title": "e"]], in: notes)
        #expect(custom == ["insertedId": "note-e"])
        let again = await ann.data("insertOne", ["document": ["_id": "note-e", "title": "e2"]], in: notes)
        #expect(again.errorMessage == "a document with _id 'note-e' exists")
        #expect(try await ann.json("count", ["query": ["stars": ["$lt": 4]]], in: notes) == 2)
        #expect(try await ann.json("findOne", ["query": ["title": "zzz"]], in: notes) == .null)
    }

    @Test(arguments: StoreKind.allCases) func aUserCannotReachSomeoneElsesDocument(_ kind: StoreKind) async throws {
        let (t, ann, bob) = try await start(store: kind)
        _ = try await bob.json("insertOne", ["document": ["favoriteColor": "blue"]])
        _ = try await ann.json("insertOne", ["document": ["favoriteColor": "teal"]])
        // Ann's reads see only her own document, and naming Bob's is refused.
        #expect(try await ann.json("find", [:]).arrayValue?.count == 1)
        let spying = await ann.data("findOne", ["query": ["userId": .string(bob.login.userId)]])
        #expect(spying.status == 403 && spying.errorCode == "NoMatchingRuleFound")
        #expect(spying.errorMessage?.contains("only their own documents") == true)
        for (name, arguments): (String, JSONObject) in [
            ("updateOne", ["query": ["userId": .string(bob.login.userId)], "update": ["$set": ["favoriteColor": "red"]]]),
            ("deleteOne", ["query": ["userId": .string(bob.login.userId)]]),
            ("insertOne", ["document": ["userId": .string(bob.login.userId), "favoriteColor": "red"]]),
            ("updateOne", ["query": [:], "update": ["$set": ["userId": .string(bob.login.userId)]]]),
            ("updateOne", ["query": [:], "update": ["userId": .string(bob.login.userId), "favoriteColor": "red"]]),
            ("updateOne", ["query": [:], "update": ["$unset": ["userId": ""]]]),
        ] {
            let response = await ann.data(name, arguments)
            #expect(response.errorCode == "NoMatchingRuleFound", "\(name) \(arguments): \(response.errorMessage ?? "")")
        }
        #expect(try await bob.customData()?["favoriteColor"] == "blue")
        #expect(try await ann.customData()?["favoriteColor"] == "teal")
        // A collection without a rule, or with a closed one, is closed.
        #expect(await ann.data("findOne", [:], in: ("kiosk", "secrets")).errorCode == "NoMatchingRuleFound")
        #expect(await ann.data("insertOne", ["document": ["x": 1]], in: ("kiosk", "audit")).errorCode == "NoMatchingRuleFound")
        #expect(await ann.data("count", [:], in: ("kiosk", "audit")).errorCode == "NoMatchingRuleFound")
        // Without an access token there is no caller.
        let anonymous = await t.call(.post, Route.functionCall(appId: t.appId), json: ["name": "count", "service": "mongodb-atlas"])
        #expect(anonymous.status == 401 && anonymous.errorCode == "InvalidSession")
    }

    @Test(arguments: StoreKind.allCases) func badInputIsRefusedInWordsAndWritesNothing(_ kind: StoreKind) async throws {
        let (t, ann, _) = try await start(store: kind)
        _ = try await ann.json("insertOne", ["document": ["favoriteColor": "teal"]])
        // Each is 400 with App Services' code for it (COMPATIBILITY, "Rules and bounds") and words
        // that name what is wrong.
        let invalid = "InvalidParameter"
        let refusals: [(String, JSONObject, String, String)] = [
            ("find", ["query": ["stars": ["$near": [1, 2]]]], invalid, "query operator '$near' is not supported"),
            ("find", ["query": ["$where": "1"]], invalid, "query operator '$where' is not supported"),
            ("find", ["query": ["title": ["$in": "a"]]], invalid, "$in at 'title' takes an array"),
            ("find", ["query": "title"], invalid, "a query must be a JSON object"),
            ("find", ["limit": "ten"], invalid, "'limit' must be a whole number"),
            ("find", ["hint": ["title": 1]], invalid, "find does not take 'hint'"),
            ("updateOne", ["query": [:], "update": ["$bit": ["a": ["and": 1]]]], invalid, "unknown update operator '$bit'"),
            ("updateOne", ["query": [:], "update": ["$set": ["a": 1], "b": 2]], invalid,
             "an update is either operators ($set, …) or a whole document, not both: '$set' beside the field 'b'"),
            ("updateOne", ["query": [:], "update": ["$inc": ["favoriteColor": 1]]], invalid,
             "cannot apply $inc to 'favoriteColor', which is not a number (it is of type string)"),
            ("updateOne", ["query": [:], "update": ["$inc": ["n": "one"]]], invalid, "$inc takes numbers ('n' is given a value of type string)"),
            ("updateOne", ["query": [:], "update": ["$push": ["favoriteColor": "x"]]], invalid,
             "$push needs 'favoriteColor' to be an array, not a value of type string"),
            ("updateOne", ["query": [:], "update": ["$set": ["favoriteColor.shade": "x"]]], invalid,
             "cannot create field 'shade' in 'favoriteColor', which is not an object (string)"),
            ("updateOne", ["query": [:], "update": ["$set": ["$bad": 1]]], invalid, "field names may not start with '$' ('$bad')"),
            ("updateOne", ["query": [:], "update": [:]], invalid, "an update must change something"),
            ("updateOne", ["query": [:]], "MissingParameter", "missing parameter 'update'"),
            ("updateOne", ["query": [:], "update": ["$set": ["big": .string(String(repeating: "x", count: 3000))]]], invalid,
             "the document is 3111 bytes, more than this app's limit of 2048"),
            ("insertOne", ["document": "text"], invalid, "a document must be a JSON object"),
            ("insertOne", ["document": ["a": 1], "extra": 1], invalid, "insertOne does not take 'extra'"),
        ]
        for (name, arguments, code, words) in refusals {
            let response = await ann.data(name, arguments)
            #expect(response.status == 400, "\(name) \(arguments)")
            #expect(response.errorCode == code, "\(name) \(arguments)")
            #expect(response.errorMessage == words, "\(name) \(arguments)")
        }
        var deep: JSONValue = "bottom"
        for _ in 0..<40 { deep = ["d": deep] }
        #expect(await ann.data("insertOne", ["document": ["deep": deep]]).errorMessage?.contains("nested deeper than 32") == true)
        #expect(await ann.data("dropDatabase", [:]).errorCode == "FunctionNotFound")
        #expect(await ann.call(["name": "find", "service": "mongodb-atlas", "arguments": "x"]).errorMessage == "'arguments' must be an array")
        #expect(await ann.call(["name": "find", "service": "mongodb-atlas", "arguments": [1]]).errorCode == "InvalidParameter")
        #expect(await ann.call(["name": "find", "service": "postgres"]).errorCode == "FunctionNotFound")
        #expect(await ann.call(["service": "mongodb-atlas"]).errorCode == "MissingParameter")
        // Invalid UTF-8 inside a string is not JSON.
        var body = Data(#"{"name":"insertOne","service":"mongodb-atlas","arguments":[{"database":"my_database","collection":"users","document":{"a":""#.utf8)
        body.append(contentsOf: [0xFF, 0xFE])
        body.append(contentsOf: Data(#""}}]}"#.utf8))
        let garbled = await t.call(.post, Route.functionCall(appId: t.appId), body: body, bearer: ann.login.accessToken)
        #expect(garbled.status == 400 && garbled.errorCode == "BadRequest")

        // Nothing was written by any of it.
        #expect(try await ann.json("count", [:]) == 1)
        let data = try #require(try await ann.customData())
        #expect(data.objectValue?.keys.sorted() == ["favoriteColor", "userId"] && data["favoriteColor"] == "teal")
    }

    @Test(arguments: StoreKind.allCases) func namedFunctionsRunWithTheirArgumentsAndTheCaller(_ kind: StoreKind) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-fn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let echo = directory.appendingPathComponent("echo.sh")
        try Data("#!/bin/sh\ncat\n".utf8).write(to: echo)
        let broken = directory.appendingPathComponent("broken.sh")
        try Data("#!/bin/sh\necho 'not json'\n".utf8).write(to: broken)
        let config = Self.config(functions: [
            "echo": FunctionConfig(command: ["/bin/sh", echo.path]), "broken": FunctionConfig(command: ["/bin/sh", broken.path]),
            "slow": FunctionConfig(command: ["/bin/sleep", "5"], timeoutSeconds: 0.5),
        ])
        let (_, ann, _) = try await start(config, store: kind)
        let answer = await ann.call(["name": "echo", "arguments": [1, "two"]])
        #expect(answer.status == 200)
        #expect(answer.json == ["arguments": [1, "two"], "user": ["id": .string(ann.login.userId)]])
        // Arguments are read as Extended JSON, and handed on relaxed.
        let typed = await ann.call(["name": "echo", "arguments": [["$numberInt": "7"], ["at": ["$date": ["$numberLong": "1700000000000"]]]]])
        #expect(typed.json?["arguments"] == [7, ["at": ["$date": "2023-11-14T22:13:20Z"]]])
        #expect(await ann.call(["name": "echo", "arguments": [["$oid": "nope"]]]).errorCode == "InvalidParameter")
        let brokenAnswer = await ann.call(["name": "broken"])
        #expect(brokenAnswer.status == 400 && brokenAnswer.errorCode == "FunctionExecutionError")
        // A command stopped at its deadline answers as a JavaScript function does.
        let slow = await ann.call(["name": "slow"])
        #expect(slow.status == 400 && slow.errorCode == "ExecutionTimeLimitExceeded")
        #expect(slow.errorMessage == "execution time limit exceeded: the function ran longer than 0.5 s (timeoutSeconds)")
        #expect(await ann.call(["name": "missing"]).errorCode == "FunctionNotFound")
    }

    @Test(arguments: StoreKind.allCases) func theAppSaysWhereCustomUserDataLives(_ kind: StoreKind) async throws {
        let (t, _, _) = try await start(store: kind)
        let location = try await t.call(.get, Route.customUserData(appId: t.appId)).decoded(CustomUserDataLocation.self)
        #expect(location == CustomUserDataLocation(enabled: true, database: "my_database", collection: "users", userIdField: "userId"))
        var bare = TestConfig.app()
        bare.customUserData = nil
        let none = try await TestServer.make(bare, store: kind)
        #expect(try await none.call(.get, Route.customUserData(appId: none.appId)).decoded(CustomUserDataLocation.self).enabled == false)
    }
}
