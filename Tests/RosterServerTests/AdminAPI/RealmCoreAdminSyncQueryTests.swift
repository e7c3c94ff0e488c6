import Foundation
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer

/// What realm-core's harness (baas_admin_api.cpp) asks of Device Sync, played against the app
/// `create_app` makes, call for call: `is_sync_terminated` (the service's `sync` config, then
/// `sync/state`), `get_migration_status` and `migrate_to_flx` (`sync/migration`),
/// `get_schema_versions` (`sync/schemas/versions`) and `trigger_client_reset` (`sync/force_reset`,
/// on the Admin API as newer harnesses send it, and on the private API as older ones do). Roster
/// serves no Device Sync: the queries are answered as that stands, the actions refused naming it.
@Suite struct RealmCoreAdminSyncQueryTests {
    @Test(arguments: StoreKind.allCases) func theHarnessesSyncQueriesAreAnsweredAndItsSyncActionsRefused(_ kind: StoreKind) async throws {
        let server = try await AdminTestServer.make(store: kind)
        let app = try await RealmCoreAdminSetup.createApp(on: server)
        var harness = app.harness
        let id = app.serverAppId

        // is_sync_terminated: the service's sync is enabled, so not terminated; once the harness
        // disables it (state ""), `sync/state` says the process is terminated: none runs here.
        #expect(try await Self.isSyncTerminated(&harness, id) == false)
        let config = try await harness.json(.get, "\(id)/services/\(app.mongoServiceId)/config")
        var sync = try #require(config["sync"]?.objectValue)
        sync["state"] = ""
        try await harness.json(.patch, "\(id)/services/\(app.mongoServiceId)/config", ["sync": .object(sync)])
        #expect(try await Self.isSyncTerminated(&harness, id) == true)
        #expect(try await harness.json(.get, "\(id)/sync/state?sync_type=flexible") == ["state": ""])

        // get_migration_status reads these fields, of these types, and throws on an errorMessage.
        let status = try await harness.json(.get, "\(id)/sync/migration")
        #expect(status["errorMessage"] == "" && status["statusMessage"] == "", "complete: no migration is running")
        #expect(status["isMigrated"] == false && status["isCancelable"] == false && status["isRevertible"] == false)

        // migrate_to_flx: checked, then refused (its put_json asserts a 2xx, so the case stops there).
        let migrate = try await harness.raw(.put, "\(id)/sync/migration", ["serviceId": .string(app.mongoServiceId), "action": "start"])
        #expect(migrate.status == 404 && migrate.errorCode == "ServiceNotFound")
        #expect(migrate.errorMessage == "Device Sync is not served for this app: there is no sync to migrate")
        let badAction = try await harness.raw(.put, "\(id)/sync/migration", ["serviceId": .string(app.mongoServiceId), "action": "go"])
        #expect(badAction.status == 400 && badAction.errorCode == "InvalidParameter" && badAction.errorMessage?.contains("'action'") == true)
        let notAnId = try await harness.raw(.put, "\(id)/sync/migration", ["serviceId": "BackingDB", "action": "rollback"])
        #expect(notAnId.status == 400 && notAnId.errorMessage?.contains("'serviceId'") == true)
        let noSuch = try await harness.raw(.put, "\(id)/sync/migration", ["serviceId": "6560f0a1eeeeeeeeeeeeeeee", "action": "rollback"])
        #expect(noSuch.status == 404 && noSuch.errorMessage == "service not found: '6560f0a1eeeeeeeeeeeeeeee'")
        let noAction = try await harness.raw(.put, "\(id)/sync/migration", ["serviceId": .string(app.mongoServiceId)])
        #expect(noAction.status == 400 && noAction.errorCode == "MissingParameter")

        // get_schema_versions: `versions`, none while no sync has taken a schema.
        #expect(try await harness.json(.get, "\(id)/sync/schemas/versions") == ["versions": []])

        // trigger_client_reset, under either API family.
        let reset = try await harness.raw(.put, "\(id)/sync/force_reset", ["file_ident": 1])
        #expect(reset.status == 404 && reset.errorCode == "ServiceNotFound")
        #expect(reset.errorMessage == "Device Sync is not served for this app: there is no sync client file to reset")
        let privateReset = await server.call(
            .put, "\(AdminAPIVersion.privatePath)/groups/\(harness.groupId)/apps/\(id)/sync/force_reset", json: ["file_ident": 1],
            bearer: harness.accessToken)
        #expect(privateReset.status == 404 && privateReset.errorMessage == reset.errorMessage)

        // Bad input is refused naming it; nothing is reached without an admin token or in another group.
        let badType = try await harness.raw(.get, "\(id)/sync/state?sync_type=both")
        #expect(badType.status == 400 && badType.errorCode == "InvalidParameter" && badType.errorMessage?.contains("'sync_type'") == true)
        let (other, otherLogin) = try await server.loggedInOperator("other@example.com")
        for (method, path) in [(WireMethod.get, "sync/state"), (.get, "sync/migration"), (.get, "sync/schemas/versions"), (.put, "sync/force_reset")] {
            #expect(await server.admin(method, "groups/\(harness.groupId)/apps/\(id)/\(path)").status == 401, "\(path)")
            let hidden = await server.admin(method, "groups/\(other.groupId)/apps/\(id)/\(path)", bearer: otherLogin.accessToken)
            #expect(hidden.status == 404 && hidden.errorCode == "AppNotFound", "\(path)")
        }
    }

    /// `AdminAPISession::is_sync_terminated`: the `mongodb` service's config; not terminated
    /// while its state is "enabled", else `sync/state` with the config's kind, terminated when empty.
    static func isSyncTerminated(_ harness: inout RealmCoreAdminHarness, _ appId: String) async throws -> Bool {
        let services = try await harness.json(.get, "\(appId)/services")
        let service = try #require(services.arrayValue?.first { $0["type"] == "mongodb" })
        let config = try await harness.json(.get, "\(appId)/services/\(try RealmCoreAdminSetup.field(service, "_id"))/config")
        let flexible = config["flexible_sync"] != nil
        let sync = try #require(flexible ? config["flexible_sync"] : config["sync"])
        if sync["state"] == "enabled" { return false }
        let state = try await harness.json(.get, "\(appId)/sync/state?sync_type=\(flexible ? "flexible" : "partition")")
        return try #require(state["state"]?.stringValue).isEmpty
    }
}
