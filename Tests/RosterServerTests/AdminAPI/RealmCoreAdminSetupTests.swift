import Foundation
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer

/// realm-core's harness makes its default test app on Roster through the Admin API, call for
/// call as `create_app(default_app_config())` makes it (RealmCoreAdminSetup), and reads back
/// what it reads; the app it made is served at once. Its client-API cases run against that app
/// in RealmCoreTestAppTests and RealmCoreAdminAppClientTests.
@Suite(.timeLimit(.minutes(3))) struct RealmCoreAdminSetupTests {
    @Test(arguments: StoreKind.allCases) func realmCoresDefaultAppIsMadeCallForCall(_ kind: StoreKind) async throws {
        let server = try await AdminTestServer.make(store: kind)
        let app = try await RealmCoreAdminSetup.createApp(on: server)
        let (a, s) = (app.serverAppId, "\(app.serverAppId)/services")
        let schemaCalls = (0..<3).map { _ in "POST \(a)/schemas" }
        let expected = ["POST "] + Array(repeating: "POST \(a)/functions", count: 5) + Array(repeating: "POST \(a)/auth_providers", count: 3)
            + ["GET \(a)/auth_providers"]
        #expect(Array(app.harness.calls.prefix(expected.count)) == expected)
        let tail = app.harness.calls.dropFirst(expected.count + 1)  // the enable call names the provider's id
        #expect(app.harness.calls[expected.count].hasPrefix("PUT \(a)/auth_providers/") && app.harness.calls[expected.count].hasSuffix("/enable"))
        let rest: [String] = Array(repeating: "POST \(a)/secrets", count: 3) + ["POST \(a)/auth_providers", "POST \(s)", "POST \(s)/\(app.mongoServiceId)/default_rule", "GET \(a)/schemas"]
            + schemaCalls
        #expect(Array(tail.prefix(rest.count)) == rest)
        let end = Array(tail.dropFirst(rest.count + 3))  // the three schema puts name their ids
        #expect(tail.dropFirst(rest.count).prefix(3).allSatisfy { $0.hasPrefix("PUT \(a)/schemas/") })
        #expect(end == [
            "PATCH \(s)/\(app.mongoServiceId)/config", "PUT \(a)/sync/config", "POST \(s)/\(app.mongoServiceId)/rules", "PATCH \(a)/custom_user_data",
            "POST \(s)", "GET \(a)/sync/progress",
        ])

        // What the harness and the tests read back.
        #expect(app.clientAppId.hasPrefix("test-"))
        #expect(await server.serves(app.clientAppId))
        var harness = app.harness
        let providers = try await harness.json(.get, "\(a)/auth_providers").arrayValue ?? []
        let kinds = Dictionary(providers.compactMap { p in p["type"]?.stringValue.map { ($0, p["disabled"]) } }, uniquingKeysWith: { $1 })
        #expect(kinds == ["anon-user": .bool(false), "local-userpass": .bool(false), "custom-function": .bool(false), "api-key": .bool(false), "custom-token": .bool(false)])
        // get_sync_service, get_config and is_sync_enabled.
        let services = try await harness.json(.get, s).arrayValue ?? []
        let mongo = try #require(services.first { $0["type"] == "mongodb" })
        #expect(mongo["_id"]?.stringValue == app.mongoServiceId && mongo["name"] == "BackingDB" && mongo["version"] != nil && mongo["last_modified"] != nil)
        #expect(services.contains { $0["name"] == "gcm" && $0["type"] == "gcm" })
        let config = try await harness.json(.get, "\(s)/\(app.mongoServiceId)/config")
        #expect(config["sync"]?["state"] == "enabled" && config["sync"]?["database_name"] == .string(app.databaseName))
        #expect(config["sync"]?["partition"]?["key"] == "realm_id")
        let rule = try await harness.json(.get, "\(s)/\(app.mongoServiceId)/default_rule")
        #expect(rule["_id"]?.stringValue?.isEmpty == false && rule["roles"]?.arrayValue?.count == 1)
        let schemas = try await harness.json(.get, "\(a)/schemas").arrayValue ?? []
        #expect(Set(schemas.compactMap { $0["metadata"]?["collection"]?.stringValue }) == ["Dog", "Cat", "Person"])
        let person = try #require(schemas.first { $0["metadata"]?["collection"] == "Person" })
        #expect(person["relationships"]?["dogs"]?["ref"] == .string("#/relationship/BackingDB/\(app.databaseName)/Dog"))
        #expect(try await harness.json(.get, "\(a)/sync/config")["development_mode_enabled"] == false)
        #expect(try await harness.json(.get, "\(a)/custom_user_data")["collection_name"] == "UserData")

        // delete_app, as the suite's tear-down does.
        #expect(try await harness.raw(.delete, a).status == 204)
        #expect(await !server.serves(app.clientAppId))
    }

    /// The initial-sync poll answers truthfully. An app with no data source whose sync is on has no sync progress: App Services' words,
    /// which realm-kotlin's harness takes as "nothing to wait for". Once sync is on, each
    /// collection the schemas name is complete, and no sync client is accepted.
    @Test func syncProgressIsCompleteForEveryCollectionOnceSyncIsOnAndAcceptsNoSyncClient() async throws {
        let server = try await AdminTestServer.make(store: .sqlite)
        var harness = try await RealmCoreAdminHarness.login(server)
        let app = try await harness.json(.post, "", ["name": "plain"])
        let id = try RealmCoreAdminSetup.field(app, "_id")
        let none = try await harness.raw(.get, "\(id)/sync/progress")
        #expect(none.status == 404 && none.errorMessage == "there are no mongodb/atlas services with provided sync state")
        let service = try await harness.json(.post, "\(id)/services", ["name": "BackingDB", "type": "mongodb", "config": [:]])
        let serviceId = try RealmCoreAdminSetup.field(service, "_id")
        try await harness.json(.post, "\(id)/schemas", RealmCoreSchema.types[0].baasSchema(database: "db", keysOnly: true))
        #expect(try await harness.raw(.get, "\(id)/sync/progress").status == 404)
        // Sync configured but not on is no sync either.
        try await harness.json(.patch, "\(id)/services/\(serviceId)/config", ["flexible_sync": ["state": "", "database_name": "db"]])
        #expect(try await harness.raw(.get, "\(id)/sync/progress").status == 404)
        try await harness.json(.patch, "\(id)/services/\(serviceId)/config", ["flexible_sync": ["state": "enabled", "database_name": "db"]])
        let one = try await harness.json(.get, "\(id)/sync/progress")
        #expect(one["progress"]?.objectValue?.keys.elements == ["db.Dog"] && RealmCoreAdminSetup.isInitialSyncComplete(one))
        #expect(one["accepting_clients"] == false)
        #expect(await server.admin(.get, "groups/\(harness.groupId)/apps/\(id)/sync/progress").status == 401)
    }
}
