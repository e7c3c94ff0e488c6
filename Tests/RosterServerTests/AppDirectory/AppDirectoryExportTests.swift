import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `roster-server export`: an app written out as App Services exports it (the
/// `realm_config.json` layout) is the same app when read back and served, whether it came from
/// an app directory or an app configuration; no secret's value is written, and a folder that
/// already holds files is refused unless told.
@Suite(.timeLimit(.minutes(2))) struct AppDirectoryExportTests {
    static func exported(_ model: AppModel) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-export-\(UUID().uuidString)", isDirectory: true)
        try AppDirectoryWriter.write(model, to: folder)
        return folder
    }

    @Test(arguments: ["store-app", "web-test-app"])
    func aDirectoryExportedReadsBackAsTheSameApp(_ name: String) throws {
        let read = try AppDirectory.read(AppDirectoryFixtures.url(name), appId: "\(name)-qzxyv")
        let again = try AppDirectory.read(try Self.exported(read.model))
        #expect(again.model == read.model)
        let files = try AppDirectoryWriter.files(of: read.model).map(\.path)
        #expect(files.first == "realm_config.json")
        #expect(files.contains("environments/production.json") && files.contains("functions/config.json"))
    }

    @Test func everyPartOfTheModelIsWrittenAndReadBack() throws {
        var model = try AppDirectory.read(AppDirectoryFixtures.url("store-app")).model
        model.allowedRequestOrigins = []
        model.providers.append(
            AppProvider(
                kind: .customToken,
                settings: .customToken(AppCustomTokenSettings(signingAlgorithm: .rs256, audience: ["kiosk"], requireAnyAudience: true)),
                secretConfig: ["signingKeys.0": "keyA", "signingKeys.1": "keyB"],
                metadataFields: [AppMetadataField(name: "email", fieldName: "mail", required: true)]))
        model.providers.append(
            AppProvider(
                kind: .google, disabled: true, settings: .oauth(AppOAuthSettings(clientId: "123.apps", openId: true)),
                secretConfig: ["clientSecret": "googleSecret"], redirectURIs: ["https://kiosk.example/back"]))
        model.values.append(AppValue(name: "nested", content: .plain(["a": [1, 2.5, "x"], "b": .null]), isPrivate: true))
        model.functions.append(AppFunction(name: "utils/format", source: "exports = (s) => s.trim();", isPrivate: true, disableArgLogs: true))
        model.triggers.append(
            AppTrigger(
                name: "nightly", event: .scheduled(schedule: "0 3 * * *"), functionName: "listStores", disabled: true,
                config: ["schedule": "0 3 * * *"]))
        model.triggers.sort { $0.name < $1.name }  // as the directory lists them
        let again = try AppDirectory.read(try Self.exported(model)).model
        #expect(again == model)
        #expect(again.secretNames == ["googleSecret", "keyA", "keyB", "storeAdminKey"])
    }

    /// The ids the Admin API names resources by (`"id"`, as App Services writes it) are written
    /// beside each resource and read back, so an app exported and served again keeps them.
    @Test func everyResourcesIdIsWrittenAndReadBack() throws {
        var model = try AppDirectory.read(AppDirectoryFixtures.url("store-app")).model
        var next = 0x6570_a1b2
        func id() -> String {
            next += 1
            return String(next, radix: 16) + "c3d4e5f607182930"
        }
        for index in model.functions.indices { model.functions[index].id = id() }
        for index in model.triggers.indices { model.triggers[index].id = id() }
        for index in model.services.indices { model.services[index].id = id() }
        for index in model.providers.indices { model.providers[index].id = id() }
        model.values.append(AppValue(name: "storeName", content: .plain("Kiosk"), id: id()))
        for index in model.rules.indices {
            if model.rules[index].defaultRoles != nil { model.rules[index].defaultRuleId = id() }
            for collection in model.rules[index].collections.indices where !model.rules[index].collections[collection].roles.isEmpty {
                model.rules[index].collections[collection].id = id()
            }
        }
        #expect(!model.functions.isEmpty && !model.triggers.isEmpty && !model.services.isEmpty && !model.rules.isEmpty)
        let folder = try Self.exported(model)
        let again = try AppDirectory.read(folder).model
        #expect(again == model)
        #expect(again.functions.map(\.id) == model.functions.map(\.id))
        let list = try JSONValue(parsing: Data(contentsOf: folder.appendingPathComponent("functions/config.json")))
        #expect(list.arrayValue?.first?.objectValue?["id"] == .string(try #require(model.functions.first?.id)))
        // An upper-case id reads as the same id.
        var file = try JSONValue(parsing: Data(contentsOf: folder.appendingPathComponent("values/storeName.json"))).objectValue ?? [:]
        file["id"] = .string(try #require(model.values.last?.id).uppercased())
        try AppDirectoryFixtures.write(JSONValue.object(file).compactText, to: "values/storeName.json", in: folder)
        #expect(try AppDirectory.read(folder).model.values.last?.id == model.values.last?.id)
    }

    @Test func aConfigurationExportedServesTheSameAppWithoutItsSecrets() async throws {
        let signing = "config-signing-key-0123456789-abcdefgh"
        var config = AppConfig(appId: "kiosk-export", name: "kiosk")
        config.providers.anonymous = ToggleProviderConfig(enabled: true)
        config.providers.customToken = CustomTokenConfig(
            enabled: true, audience: ["kiosk"], keys: [CustomTokenKey(kid: "kioskKey", algorithm: .hs256, secret: signing)])
        config.dataServices = ["local-mongodb"]
        var shops = DataRule(database: "kiosk", collection: "shops", read: .none, write: .none)
        shops.explicitRoles = [AppRole(name: "owner", applyWhen: ["owner": "%%user.id"], read: true, write: true)]
        config.rules = [DataRule(database: "kiosk", collection: "notes", read: .own, write: .own, userIdField: "owner"), shops]
        config.functions = ["hello": FunctionConfig(source: "exports = (name) => 'hello ' + name;")]
        config.values = ["greeting": "hi"]
        let exportable = config.exportableApp
        let folder = try Self.exported(exportable.model)
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            let text = (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)) ?? ""
            #expect(!text.contains(signing), "\(path) holds the signing key")
        }
        let read = try AppDirectory.read(folder)
        #expect(read.model == exportable.model)
        #expect(read.model.secretNames == ["kioskKey"])
        #expect(read.model.rules.first?.collections.last?.roles == shops.explicitRoles, "a configuration's roles are exported as written")
        let served = try read.model.servableApp(secrets: AppSecrets(["kioskKey": signing])).config
        #expect(served.providers.customToken?.keys == config.providers.customToken?.keys)
        #expect(served.rules.map(\.collection) == ["notes", "shops"] && served.rules.first?.read == .own && served.rules.first?.userIdField == "owner")
        #expect(served.rules.last?.explicitRoles == shops.explicitRoles)
        #expect(served.dataServices == ["local-mongodb"])

        for app in [config, served] {
            let t = try await TestServer.make(app)
            let ann = JavaScriptFunctionCallTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
            #expect(await ann.call("hello", ["Ann"]).json == "hello Ann", "\(app.appId) as \(app == config ? "configured" : "exported")")
        }
    }

    @Test func theExportOfADirectoryServesAsTheDirectoryDoes() async throws {
        let original = try AppDirectoryServeTests.webTestApp()
        let model = try AppDirectory.read(AppDirectoryFixtures.url("web-test-app"), appId: "web-test-app-qzxyv").model
        let exported = try AppDirectory.read(try Self.exported(model)).model
        let served = try exported.servableApp(secrets: AppSecrets(["jwtSigningKey": AppDirectoryServeTests.signingKey]))
        #expect(served == original)
        for config in [original.config, served.config] {
            let t = try await TestServer.make(config)
            let ann = JavaScriptFunctionCallTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
            #expect(await ann.call("translate", ["hello", "en_fr"]).json == "bonjour")
        }
    }

    @Test func aFolderThatHoldsFilesIsRefusedUnlessReplaced() throws {
        let model = try AppDirectory.read(AppDirectoryFixtures.url("web-test-app")).model
        let folder = try AppDirectoryFixtures.copy("store-app")
        let before = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        #expect(throws: AppDirectoryError.self) { try AppDirectoryWriter.write(model, to: folder) }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted() == before, "a refusal writes nothing")
        try AppDirectoryWriter.write(model, to: folder, replacing: true)
        #expect(try AppDirectory.read(folder).model.name == "web-test-app")
    }

    @Test func aNameThatCannotBeAFileIsRefused() throws {
        var model = AppModel(name: "kiosk", appId: "kiosk")
        model.values = [AppValue(name: "../escape", content: .plain(1))]
        #expect(throws: AppDirectoryError(file: "values", key: "../escape", reason: "'../escape' cannot name a file or folder of the export")) {
            _ = try AppDirectoryWriter.files(of: model)
        }
        model.values = []
        model.functions = [AppFunction(name: "a/../b", source: "")]
        #expect(throws: AppDirectoryError.self) { _ = try AppDirectoryWriter.files(of: model) }
    }
}
