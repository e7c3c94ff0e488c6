import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterServerAssembly
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// `roster-server export --db DB --app ID`: an app made through the Admin API, read from the
/// database without serving it (as the command opens it), written out, and served from the
/// directory as `serve --app-dir` serves it, is the same app: providers, functions, values,
/// rules and data service alike, under the same Admin API ids, on both stores.
@Suite(.timeLimit(.minutes(2))) struct AppDirectoryDatabaseExportTests {
    @Test(arguments: StoreKind.allCases) func anAppMadeThroughTheAdminAPIExportsFromTheDatabaseAsTheSameApp(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.create(name: "kiosk", product: nil, in: made.groupId)
        func send(_ path: String, _ json: String) async throws -> WireResponse {
            let answer = await t.admin(
                .post, "groups/\(made.groupId)/apps/\(app.id)/\(path)", json: try JSONValue(parsing: Data(json.utf8)), bearer: login.accessToken)
            #expect(answer.status == 201, "\(path): \(String(decoding: answer.body, as: UTF8.self))")
            return answer
        }
        _ = try await send("values", #"{"name": "greeting", "value": "hej"}"#)
        _ = try await send("functions", #"{"name": "greet", "private": false, "source": "exports = (name) => 'hej ' + name;"}"#)
        let addNote = """
            exports = async (text) => {
              const notes = context.services.get('mongodb-atlas').db('kiosk').collection('notes');
              await notes.insertOne({ owner: context.user.id, text });
              return notes.count({});
            };
            """
        _ = try await send("functions", JSONValue.object(["name": "addNote", "private": false, "source": .string(addNote)]).compactText)
        _ = try await send("auth_providers", #"{"type": "anon-user"}"#)
        _ = try await send("secrets", #"{"name": "kioskKey", "value": "kiosk-signing-key-0123456789-abcdefgh"}"#)
        _ = try await send(
            "auth_providers",
            #"{"type": "custom-token", "config": {"audience": [], "signingAlgorithm": "HS256", "useJWKURI": false}, "secret_config": {"signingKeys": ["kioskKey"]}}"#)
        let service = try await send("services", #"{"name": "mongodb-atlas", "type": "mongodb-atlas", "config": {"clusterName": "Cluster0"}}"#)
        let serviceId = try #require(service.json?["_id"]?.stringValue)
        let owner = #"{"name": "owner", "apply_when": {}, "document_filters": {"read": {"owner": "%%user.id"}, "write": {"owner": "%%user.id"}}, "read": true, "write": true, "insert": true}"#
        _ = try await send("services/\(serviceId)/rules", #"{"database": "kiosk", "collection": "notes", "roles": [\#(owner)]}"#)
        _ = try await send("services/\(serviceId)/default_rule", #"{"roles": [{"name": "none", "apply_when": {}, "read": false, "write": false}]}"#)

        // As the command opens the database: no Admin API, nothing served.
        let reader = HostedApps(server: try await ServerAssembly.open(databasePath: t.databasePath, apps: []))
        let hosted = try #require(try await reader.app(app.clientAppId))
        #expect(hosted.model.functions.map(\.name) == ["greet", "addNote"], "\(hosted.version)")
        #expect(try await reader.app(app.id)?.model == hosted.model, "the Admin API's id names it too")
        #expect(try await reader.app("kiosk-nope") == nil)
        #expect(try await reader.clientAppIds() == [app.clientAppId])

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-db-export-\(UUID().uuidString)", isDirectory: true)
        try AppDirectoryWriter.write(hosted.model, to: folder)
        let secretsWritten = try FileManager.default.subpathsOfDirectory(atPath: folder.path).contains { path in
            ((try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)) ?? "").contains("kiosk-signing-key")
        }
        #expect(!secretsWritten, "no secret's value is written")
        let read = try AppDirectory.read(folder)
        // The same app, under the same Admin API ids (written beside each resource as `id`).
        #expect(Self.withoutSecrets(read.model) == Self.withoutSecrets(hosted.model))
        #expect(!hosted.model.functions.contains { $0.id == nil } && read.model.functions.map(\.id) == hosted.model.functions.map(\.id))
        #expect(read.model.secretNames == ["kioskKey"])
        let served = try read.model.servableApp(secrets: AppSecrets(["kioskKey": "kiosk-signing-key-0123456789-abcdefgh"])).config
        #expect(served == (try AdminApps.servable(hosted)), "the directory serves what the database served, its functions' ids too")

        // Served from the directory, on a server of its own.
        let fromDirectory = try await TestServer.make(served)
        let ann = JavaScriptFunctionCallTests.Caller(t: fromDirectory, login: try await fromDirectory.loggedIn(.anonymous))
        let greeted = await ann.call("greet", ["Ann"])
        #expect(greeted.json == "hej Ann", "\(String(decoding: greeted.body, as: UTF8.self))")
        #expect(await ann.call("addNote", ["first"]).json == 1)
        let bob = JavaScriptFunctionCallTests.Caller(t: fromDirectory, login: try await fromDirectory.loggedIn(.anonymous))
        #expect(await bob.call("addNote", ["bob's"]).json == 1, "the owner role reads each user's own notes")
    }

    /// `model` without the ids the Admin API gives its parts, nor its list of secrets: to compare
    /// an app made through the API with the directory it was made from, which names no ids.
    static func withoutIds(_ model: AppModel) -> AppModel {
        var model = withoutSecrets(model)
        for index in model.providers.indices { model.providers[index].id = nil }
        for index in model.services.indices { model.services[index].id = nil }
        for index in model.functions.indices { model.functions[index].id = nil }
        for index in model.values.indices { model.values[index].id = nil }
        for index in model.triggers.indices { model.triggers[index].id = nil }
        for index in model.rules.indices {
            model.rules[index].defaultRuleId = nil
            for collection in model.rules[index].collections.indices { model.rules[index].collections[collection].id = nil }
        }
        return model
    }

    /// `model` without its list of secrets: an export names the secrets where they are used, as
    /// App Services does, and holds no list of them.
    static func withoutSecrets(_ model: AppModel) -> AppModel {
        var model = model
        model.secrets = []
        return model
    }
}
