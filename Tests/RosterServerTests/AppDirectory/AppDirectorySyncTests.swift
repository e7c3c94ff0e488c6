import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `sync/config.json`, where the `realm_config.json` layout keeps Device Sync: read into the
/// same model the Admin API keeps (development mode; the sync in the config of the data source
/// `service_name` names), so a partition-based app's permissions govern its data when served
/// from its directory as they do when made through the Admin API, and an export writes the
/// file back where App Services keeps it.
@Suite(.timeLimit(.minutes(2))) struct AppDirectorySyncTests {
    typealias Caller = DataAccessTests.Caller
    static let notes = ("StoreDemo", "Notes")

    /// Partition-based sync on `owner`, each person reading and writing their own partition.
    static let ownPartition = """
        {
            "type": "partition",
            "state": "enabled",
            "development_mode_enabled": false,
            "service_name": "mongodb-atlas",
            "database_name": "StoreDemo",
            "partition": {
                "key": "owner",
                "type": "string",
                "permissions": {"read": {"%%partition": "%%user.id"}, "write": {"%%partition": "%%user.id"}}
            },
            "client_max_offline_days": 30,
            "is_recovery_mode_disabled": false
        }
        """

    static func storeApp(sync: String) throws -> URL {
        let root = try AppDirectoryFixtures.copy("store-app")
        try AppDirectoryFixtures.write(sync, to: "sync/config.json", in: root)
        return root
    }

    static func start(_ root: URL, _ kind: StoreKind) async throws -> TestServer {
        var config = try AppDirectory.read(root).model.servableApp(secrets: AppSecrets(["storeAdminKey": "kept apart"])).config
        config.passwordHashing = PasswordHashingConfig(logN: 10, r: 8, p: 1)  // quick, for tests
        return try await TestServer.make(config, store: kind)
    }

    @Test func theFileIsReadIntoTheDataSourcesConfigAsTheAdminAPIKeepsIt() throws {
        let model = try AppDirectory.read(try Self.storeApp(sync: Self.ownPartition)).model
        let service = try #require(model.services.first { $0.name == "mongodb-atlas" })
        #expect(service.config["clusterName"] == "Cluster0", "the data source's own config stays")
        #expect(service.config["sync"]?["state"] == "enabled" && service.config["sync"]?["database_name"] == "StoreDemo")
        #expect(service.config["sync"]?["partition"]?["key"] == "owner")
        #expect(service.config["sync"]?["type"] == nil && service.config["sync"]?["service_name"] == nil)
        #expect(model.developmentModeEnabled == false)
        let sync = try #require(AppServiceSync(service))
        #expect(sync.mode == .partition && sync.partitionKey == "owner")

        // realm-js's examples: flexible sync, development mode on.
        let example = try AppDirectory.read(AppDirectoryFixtures.url("examples/electron-todo-list")).model
        #expect(example.developmentModeEnabled)
        #expect(example.syncedServices.map { "\($0.service.name) \($0.sync.mode)" } == ["mongodb-atlas flexible"])
    }

    @Test(arguments: StoreKind.allCases) func partitionPermissionsGovernTheDataSourceServedFromItsDirectory(_ kind: StoreKind) async throws {
        let t = try await Self.start(try Self.storeApp(sync: Self.ownPartition), kind)
        let ann = Caller(t: t, login: try await t.loggedIn(.anonymous))
        let bob = Caller(t: t, login: try await t.loggedIn(.anonymous))
        let annId = JSONValue.string(ann.login.userId)
        // The directory's default rule (read only) and Notes' own rule are not served: the sync's are.
        #expect(await ann.data("insertOne", ["document": ["owner": annId, "text": "ann's"]], in: Self.notes).status == 200)
        #expect(await bob.data("insertOne", ["document": ["owner": .string(bob.login.userId), "text": "bob's"]], in: Self.notes).status == 200)
        let elsewhere = await ann.data("insertOne", ["document": ["owner": annId]], in: ("StoreDemo", "Elsewhere"))
        #expect(elsewhere.status == 200, "every collection of the data source is under the sync's permissions")
        let refused = await ann.data("insertOne", ["document": ["owner": .string(bob.login.userId), "text": "as bob"]], in: Self.notes)
        #expect(refused.status == 403 && refused.errorCode == "NoMatchingRuleFound", "\(String(decoding: refused.body, as: UTF8.self))")
        let seen = try await ann.json("find", ["query": [:]], in: Self.notes)
        #expect(seen.arrayValue?.compactMap { $0["text"] } == ["ann's"])
        let changed = try await ann.json("updateOne", ["query": ["text": "ann's"], "update": ["$set": ["text": "changed"]]], in: Self.notes)
        #expect(changed["modifiedCount"] == 1)
        let bobs = await ann.data("updateOne", ["query": ["owner": .string(bob.login.userId)], "update": ["$set": ["text": "ann's now"]]], in: Self.notes)
        #expect(bobs.status == 403 && bobs.errorCode == "NoMatchingRuleFound", "\(String(decoding: bobs.body, as: UTF8.self))")
        #expect(try await bob.json("find", ["query": [:]], in: Self.notes).arrayValue?.compactMap { $0["text"] } == ["bob's"])
    }

    @Test func anExportWritesTheSyncWhereAppServicesKeepsItAndReadsBackTheSameApp() throws {
        var model = try AppDirectory.read(try Self.storeApp(sync: Self.ownPartition)).model
        model.developmentModeEnabled = true
        let files = try AppDirectoryWriter.files(of: model)
        let sync = try JSONValue(parsing: try #require(files.first { $0.path == "sync/config.json" }).contents)
        #expect(sync["type"] == "partition" && sync["service_name"] == "mongodb-atlas" && sync["development_mode_enabled"] == true)
        #expect(sync["partition"]?["permissions"]?["read"] == ["%%partition": "%%user.id"])
        let source = try JSONValue(parsing: try #require(files.first { $0.path == "data_sources/mongodb-atlas/config.json" }).contents)
        #expect(source["config"]?["sync"] == nil && source["config"]?["clusterName"] == "Cluster0")

        let again = try AppDirectory.read(try AppDirectoryExportTests.exported(model)).model
        #expect(again == model)
        #expect(again.developmentModeEnabled, "development mode is read back")
        // A data source whose own config.json holds the sync (older exports, the Admin API's own) reads the same.
        model.developmentModeEnabled = false
        let plain = try AppDirectory.read(try AppDirectoryExportTests.exported(model)).model
        #expect(plain == model)
    }

    @Test(arguments: [
        (#"{"type": "multi", "service_name": "mongodb-atlas"}"#, "type", "must be \"partition\" or \"flexible\""),
        (#"{"type": "flexible", "state": "enabled", "service_name": "atlas"}"#, "service_name", "names no data source of data_sources/ ('atlas')"),
        (#"{"development_mode_enabled": "yes"}"#, "development_mode_enabled", "must be true or false"),
        (
            #"{"state": "enabled", "service_name": "mongodb-atlas", "partition": {"key": "owner", "permissions": {"read": {"%%true": {"%function": {"name": "canRead"}}}, "write": false}}}"#,
            "partition.permissions.read.%%true.%function", "%function"
        ),
        (
            #"{"state": "enabled", "service_name": "mongodb-atlas", "partition": {"permissions": {"read": true, "write": {"%%partition": "mine"}}}}"#,
            "partition.permissions.write", "names %%partition, but sync.partition.key names no partition key"
        ),
    ])
    func aSyncFileRosterCannotServeIsRefusedNamingItsKey(_ file: String, _ key: String, _ reason: String) throws {
        let error = try #require(AppDirectoryFixtures.refusal(try Self.storeApp(sync: file)))
        #expect(error.file == "sync/config.json", "\(error)")
        #expect(error.key == key, "\(error)")
        #expect(error.reason.contains(reason), "\(error)")
    }

    @Test func syncConfiguredInTwoPlacesIsRefused() throws {
        let root = try Self.storeApp(sync: Self.ownPartition)
        try AppDirectoryFixtures.write(
            #"{"name": "mongodb-atlas", "type": "mongodb-atlas", "config": {"flexible_sync": {"state": "enabled"}}, "version": 1}"#,
            to: "data_sources/mongodb-atlas/config.json", in: root)
        let error = try #require(AppDirectoryFixtures.refusal(root))
        #expect(error.file == "sync/config.json" && error.key == "service_name", "\(error)")
        #expect(error.reason.contains("configures Device Sync too"))
    }
}
