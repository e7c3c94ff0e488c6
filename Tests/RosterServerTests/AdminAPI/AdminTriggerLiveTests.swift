import Foundation
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// A trigger added, and removed, through the Admin API takes effect at once on the server that
/// took the change and, at its next look at the database, on another over the same database.
@Suite(.timeLimit(.minutes(3))) struct AdminTriggerLiveTests {
    static let addOrder = "exports = async function(order) { await context.services.get('mongodb-atlas').db('shop').collection('orders').insertOne(order); return true; };"

    /// The events the trigger's function logged in the app's `log.events`, waiting (at most ten
    /// seconds) for `count` of them.
    static func logged(_ t: AdminTestServer, app: String, count: Int) async throws -> [JSONValue] {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            let events = try await t.server.services.hosting.store.documentPage(
                DocumentScope(appId: app, database: "log", collection: "events"), after: nil, count: 100
            ).compactMap { (try? JSONValue(parsing: $0.body))?["event"] }
            if events.count >= count || ContinuousClock.now > deadline { return events }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test(arguments: StoreKind.allCases) func aDatabaseTriggerAddedThroughTheAdminAPIRunsAtOnceHereAndOnTheOthers(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.create(name: "shop", product: nil, in: made.groupId)
        let base = "groups/\(made.groupId)/apps/\(app.id)"
        func post(_ path: String, _ body: JSONValue) async throws -> JSONValue {
            let answer = await t.admin(.post, "\(base)/\(path)", json: body, bearer: login.accessToken)
            guard answer.status == 201 else { throw TestServer.Unexpected(response: answer) }
            return try JSONValue(parsing: answer.body)
        }
        _ = try await post("auth_providers", ["name": "anon-user", "type": "anon-user"])
        let service = try await post("services", ["name": "mongodb-atlas", "type": "mongodb-atlas"])
        _ = try await post("functions", ["name": "logEvent", "private": true, "source": .string(TriggerTests.logEvent)])
        _ = try await post("functions", ["name": "addOrder", "run_as_system": true, "source": .string(Self.addOrder)])
        let other = try await t.another()

        let trigger = try await post(
            "triggers",
            [
                "name": "onOrder", "type": "DATABASE", "function_name": "logEvent",
                "config": ["service_id": service["_id"] ?? .null, "database": "shop", "collection": "orders", "operation_types": ["INSERT"]],
            ])
        let answer = await t.call(.post, Route.login(appId: app.clientAppId, provider: .anonymous), json: [:])
        let token = try WireCoding.decode(LoginResponse.self, from: answer.body).accessToken
        func addOrder(_ id: Int64) async throws {
            let body: JSONValue = ["name": "addOrder", "arguments": [["_id": .int(id)]]]
            let called = await t.call(.post, Route.functionCall(appId: app.clientAppId), json: body, bearer: token)
            guard called.status == 200 else { throw TestServer.Unexpected(response: called) }
        }
        // Here, at once.
        try await addOrder(1)
        #expect(try await Self.logged(t, app: app.clientAppId, count: 1).compactMap { $0["documentKey"]?["_id"]?.intValue } == [1])

        // On the other server once it has looked at the database, with this one's triggers stopped.
        await t.server.services.login.triggers?.stop()
        try await other.apps.follow()
        let orders = DocumentChangeHub.Collection(appId: app.clientAppId, database: "shop", collection: "orders")
        #expect(other.server.services.login.triggers?.followedCollections == [orders])
        try await addOrder(2)
        let events = try await Self.logged(t, app: app.clientAppId, count: 2)
        #expect(events.compactMap { $0["documentKey"]?["_id"]?.intValue }.sorted() == [1, 2])

        // Removed: the other server lets the collection go, and the trigger's place is forgotten.
        let id = try #require(trigger["_id"]?.stringValue)
        #expect(await t.admin(.delete, "\(base)/triggers/\(id)", bearer: login.accessToken).status == 204)
        try await other.apps.follow()
        #expect(other.server.services.login.triggers?.followedCollections.isEmpty == true)
        let store = try #require(t.server.services.login.triggers).store
        let deadline = ContinuousClock.now + .seconds(10)
        while try await store.triggerResumePoints(appId: app.clientAppId)["onOrder"] != nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try await store.triggerResumePoints(appId: app.clientAppId)["onOrder"] == nil)
    }
}
