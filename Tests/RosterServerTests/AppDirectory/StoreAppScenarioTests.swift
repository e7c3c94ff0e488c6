import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// The Store-App (`Fixtures/AppDirectories/examples/rn-connection-and-error`, served as
/// `serve --app-dir` serves it) used as its React Native app uses it: a person registers and
/// logs in (the user-creation function and the `onUserCreation` trigger give them custom data
/// and a store), calls `switchStore`, refreshes their custom data and deletes their account
/// (the `onDeletedUser` trigger takes their custom data away). The app syncs its data through
/// Device Sync, which Roster does not serve; the same rules are exercised here through the
/// data-access API: each person sees only their own store, its kiosks and products, and their
/// own user document, and writes outside them are refused or match nothing.
@Suite(.timeLimit(.minutes(2))) struct StoreAppScenarioTests {
    typealias Caller = DataAccessTests.Caller
    static let store = ("StoreDemo", "Store")
    static let kiosk = ("StoreDemo", "Kiosk")
    static let product = ("StoreDemo", "Product")
    static let users = ("StoreDemo", "Users")

    static func start(_ kind: StoreKind) async throws -> TestServer {
        let directory = try AppDirectory.read(AppDirectoryFixtures.url("examples/rn-connection-and-error"))
        var config = try directory.model.servableApp(secrets: AppSecrets()).config
        config.passwordHashing = PasswordHashingConfig(logN: 10, r: 8, p: 1)  // quick, for tests
        return try await TestServer.make(config, store: kind)
    }

    /// Registers and logs in as the app's log-in screen does, then lets the app's triggers run.
    static func registered(_ t: TestServer, _ email: String) async throws -> Caller {
        #expect(await t.register(email, "123456").status == 201)
        let caller = Caller(t: t, login: try #require(try await t.emailLogin(email, "123456").decoded(LoginResponse.self)))
        try await settled(t)
        return caller
    }

    /// Waits until every trigger event is run (at most ten seconds).
    static func settled(_ t: TestServer) async throws {
        let triggers = try #require(t.server.services.login.triggers)
        for _ in 0..<200 {
            await triggers.runDue(appId: t.appId)
            if try await triggers.store.pendingTriggerEvents(appId: t.appId) == 0 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the app's triggers did not settle")
    }

    /// Every document of a collection, as the system user reads it.
    static func all(_ t: TestServer, _ namespace: (String, String)) async throws -> [JSONValue] {
        let store = try #require(t.server.services.login.triggers).store
        return try await store.documentPage(DocumentScope(appId: t.appId, database: namespace.0, collection: namespace.1), after: nil, count: 1000)
            .compactMap { try? JSONValue(parsing: $0.body) }
    }

    static func storeId(of caller: Caller) async throws -> JSONValue {
        try #require(try await caller.customData()?["storeId"], "the user's custom data has no store")
    }

    func refused(_ caller: Caller, _ name: String, _ arguments: JSONObject, in namespace: (String, String)) async -> Bool {
        let answer = await caller.data(name, arguments, in: namespace)
        return answer.status == 403 && answer.errorCode == "NoMatchingRuleFound"
    }

    @Test(arguments: StoreKind.allCases) func aPersonSeesOnlyTheirOwnStoreAndSwitchesToAnother(_ kind: StoreKind) async throws {
        let t = try await Self.start(kind)
        let ann = try await Self.registered(t, "ann@example.com")
        let first = try await Self.storeId(of: ann)
        #expect(first["$oid"] != nil, "the store is an ObjectId: \(first)")
        #expect(try await Self.all(t, Self.users).contains { $0["userId"] == .string(ann.login.userId) && $0["storeId"] == first })
        #expect(try await ann.json("find", ["query": [:]], in: Self.store) == [["_id": first, "kiosks": []]])

        // Ann fills her store as the app's buttons do: a kiosk, then a product.
        _ = try await ann.json("insertOne", ["document": ["storeId": first, "products": []]], in: Self.kiosk)
        _ = try await ann.json("insertOne", ["document": ["storeId": first, "name": "Tea", "price": 4.5, "numInStock": 12]], in: Self.product)
        #expect(try await ann.json("count", ["query": [:]], in: Self.kiosk) == 1)

        // "Trigger Store Change", then "Refresh Access Token / User Data".
        let switched = await ann.call(["name": "switchStore", "arguments": []])
        #expect(switched.status == 200, "\(String(decoding: switched.body, as: UTF8.self))")
        let second = try await Self.storeId(of: ann)
        #expect(second != first && second["$oid"] != nil)
        #expect(try await ann.json("find", ["query": [:]], in: Self.store) == [["_id": second, "kiosks": []]])
        #expect(try await ann.json("find", ["query": ["_id": first]], in: Self.store) == [], "the first store is out of sight")
        #expect(try await ann.json("find", ["query": ["storeId": first]], in: Self.kiosk) == [])
        #expect(try await ann.json("count", ["query": [:]], in: Self.product) == 0)

        // Writes to the first store: an insert is refused, updates and deletes match nothing.
        #expect(await refused(ann, "insertOne", ["document": ["storeId": first, "products": []]], in: Self.kiosk))
        #expect(try await ann.json("updateMany", ["query": [:], "update": ["$set": ["products": []]]], in: Self.kiosk)
            == ["matchedCount": 0, "modifiedCount": 0])
        #expect(try await ann.json("deleteMany", ["query": ["storeId": first]], in: Self.product) == ["deletedCount": 0])
        let kiosksNow = try await Self.all(t, Self.kiosk), productsNow = try await Self.all(t, Self.product)
        #expect(kiosksNow.count == 1 && productsNow.count == 1, "nothing of the first store changed")
        _ = try await ann.json("insertOne", ["document": ["storeId": second, "products": []]], in: Self.kiosk)

        // Bo starts in the first store there is, and sees its kiosks only, never Ann's new one.
        let bo = try await Self.registered(t, "bo@example.com")
        let bos = try await Self.storeId(of: bo)
        let kiosks = try #require(try await bo.json("find", ["query": [:]], in: Self.kiosk).arrayValue)
        #expect(kiosks.allSatisfy { $0["storeId"] == bos })
        let inBosStore = try await Self.all(t, Self.kiosk).filter { $0["storeId"] == bos }
        #expect(kiosks.count == inBosStore.count)

        // User documents: each reads and writes their own.
        let annUsers = try #require(try await ann.json("find", ["query": [:]], in: Self.users).arrayValue)
        #expect(annUsers.count == 1 && annUsers.first?["userId"] == .string(ann.login.userId))
        #expect(try await ann.json("updateOne", ["query": ["userId": .string(bo.login.userId)], "update": ["$set": ["storeId": second]]], in: Self.users)
            == ["matchedCount": 0, "modifiedCount": 0])
        #expect(try await Self.storeId(of: bo) == bos)

        // Switching again takes Ann back to the first store, with her kiosk and product.
        #expect(await ann.call(["name": "switchStore", "arguments": []]).status == 200)
        #expect(try await Self.storeId(of: ann) == first)
        #expect(try await ann.json("count", ["query": [:]], in: Self.product) == 1)

        // "Delete User": the onDeletedUser trigger takes her custom data away.
        #expect(await t.call(.delete, Route.delete, bearer: ann.login.accessToken).status == 204)
        try await Self.settled(t)
        #expect(try await Self.all(t, Self.users).allSatisfy { $0["userId"] != .string(ann.login.userId) })
        #expect(try await Self.all(t, Self.users).contains { $0["userId"] == .string(bo.login.userId) })
    }
}
