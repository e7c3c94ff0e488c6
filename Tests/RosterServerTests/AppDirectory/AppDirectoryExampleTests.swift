import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Seven app directories in the shapes of the example backends the Realm SDKs ship with
/// (`Fixtures/AppDirectories/examples`): both layouts, Device Sync, GraphQL, endpoints, hosting,
/// log forwarders, schemas and relationships, default rules, per-field rules, triggers and
/// custom user data. Each starts as `serve --app-dir` starts it, saying what it does not serve,
/// and its server answers a client.
@Suite(.timeLimit(.minutes(2))) struct AppDirectoryExampleTests {
    struct Example: Sendable, CustomTestStringConvertible {
        let name: String
        /// The app id it is served under (its `app_id`, or its name).
        let appId: String
        /// Lines it must say at start, as not served.
        let notServed: [String]
        /// Whether a client may log in anonymously.
        let anonymous: Bool
        var testDescription: String { name }
    }

    static let sync = "Device Sync (sync/config.json) is not served"
    static let examples: [Example] = [
        Example(
            name: "electron-todo-list", appId: "todo-electron",
            notServed: [sync, "GraphQL (graphql/) is not served", "HTTPS endpoints (http_endpoints/) are not served",
                "Schema validation (1 schema.json under data_sources/) is not served"],
            anonymous: false),
        Example(
            name: "node-connection-and-error", appId: "store-connection",
            notServed: [sync, "Schema validation (2 schema.json under data_sources/) is not served"], anonymous: true),
        Example(name: "node-telemetry", appId: "telemetry", notServed: [sync], anonymous: true),
        Example(name: "rn-airbnb", appId: "LodgingSearch", notServed: [
                "Static hosting (hosting/) is not served",
                "Atlas Search ($search in functions/searchListings.js) is not served: the stage is refused when it runs",
            ], anonymous: true),
        Example(
            name: "rn-connection-and-error", appId: "Store-App",
            notServed: [sync, "GraphQL (graphql/) is not served", "Log forwarders (log_forwarders/) are not served",
                "Relationships (2 relationships.json under data_sources/) are not served"],
            anonymous: true),
        Example(name: "rn-multiple-realms", appId: "Cinema", notServed: [sync], anonymous: true),
        Example(name: "rn-todo-list", appId: "Todo-List", notServed: [sync], anonymous: true),
    ]

    @Test(arguments: examples)
    func theExampleStartsAndSaysWhatItDoesNotServe(_ example: Example) async throws {
        let directory = try AppDirectory.read(AppDirectoryFixtures.url("examples/\(example.name)"))
        #expect(directory.model.appId == example.appId)
        let served = try directory.model.servableApp(secrets: AppSecrets())
        let said = directory.notServed + served.notServed
        for line in example.notServed { #expect(said.contains(line), "\(example.name) does not say: \(line)") }
        #expect(Set(said).count == said.count, "each part is said once: \(said)")

        let t = try await TestServer.make(served.config)
        let providers = await t.call(.get, Route.providers(appId: t.appId))
        #expect(providers.status == 200)
        if example.anonymous { _ = try await t.loggedIn(.anonymous) }
    }

    @Test func aClientReachingAtlasSearchIsToldItIsNotServed() async throws {
        let directory = try AppDirectory.read(AppDirectoryFixtures.url("examples/rn-airbnb"))
        let t = try await TestServer.make(try directory.model.servableApp(secrets: AppSecrets()).config)
        let ann = JavaScriptFunctionCallTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        let searched = await ann.call("searchListings", [["searchPhrase": "loft", "pageNumber": 1, "pageSize": 5]])
        #expect(searched.status == 200)
        let error = searched.json?["error"]?.stringValue ?? ""
        #expect(error.contains("'$search' is an Atlas Search stage, which is not served"), "\(error)")
    }
}
