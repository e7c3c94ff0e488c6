import Foundation
import RosterServerAssembly
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `DELETE` authentication triggers run for users an administrator deletes (`ServerAdmin`, as
/// `roster-server admin delete` does), as for users deleting themselves; on each store.
@Suite(.timeLimit(.minutes(2))) struct AdminDeletionTriggerTests {
    static let onDelete = TriggerConfig(name: "onDelete", functionName: "logEvent", event: .authentication(operation: .delete, providers: ["anon-user"]))

    @Test(arguments: StoreKind.allCases) func aUserAnAdministratorDeletesSetsOffTheDeleteTrigger(_ kind: StoreKind) async throws {
        let config = TriggerTests.config([Self.onDelete])
        let t = try await TestServer.make(config, store: kind)
        let ann = try await t.loggedIn(.anonymous)
        try await t.server.admin.deleteUser(appId: t.appId, userId: ann.userId)
        let events = try await TriggerTests.logged(t.server, count: 1)
        #expect(events.count == 1)
        #expect(events.first?["operationType"] == "DELETE" && events.first?["user"]?["id"] == .string(ann.userId))
        #expect(events.first?["providers"] == ["anon-user"])
        #expect(events.first?["user"]?["identities"]?.arrayValue?.first?["provider_type"] == "anon-user")
    }

    @Test(arguments: StoreKind.allCases) func anAdminCommandKeepsTheEventForTheServingServerToRun(_ kind: StoreKind) async throws {
        let config = TriggerTests.config([Self.onDelete])
        let t = try await TestServer.make(config, store: kind)
        let bob = try await t.loggedIn(.anonymous)
        // A process as `roster-server admin` opens: it keeps its triggers' events, runs none.
        var environment = ServerEnvironment(now: { t.clock.now })
        environment.outboxDirectory = t.directory.appendingPathComponent("outbox", isDirectory: true)
        environment.runsTriggers = false
        let command = try await ServerAssembly.open(databasePath: t.databasePath, apps: [config], environment: environment)
        try await command.admin.deleteUser(appId: t.appId, userId: bob.userId)
        #expect(command.services.login.triggers?.followedCollections.isEmpty == true)
        // The serving server runs it at its next look at the store.
        let events = try await TriggerTests.logged(t.server, count: 1)
        #expect(events.map { $0["user"]?["id"] } == [.string(bob.userId)])
    }
}
