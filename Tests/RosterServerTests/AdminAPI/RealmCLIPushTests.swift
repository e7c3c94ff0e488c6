import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterServerAssembly
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// realm-cli 2.x's `push --remote <app> -y` (internal/commands/push), call for call: the app
/// found by listing each product (`apps`, `?product=atlas`, `?product=data-api`), the app
/// directory diffed (`import?diff=true`), a draft made, the directory imported into it
/// (`import?strategy=replace-by-name`), the draft deployed, or discarded when the import is
/// refused. The import is the app directory's JSON form (`RealmCLIAppData`), read as `--app-dir`
/// reads one; exported again it is the same app.
@Suite(.timeLimit(.minutes(3))) struct RealmCLIPushTests {
    static let storeApp = AppDirectoryFixtures.url("store-app")
    static let adminKey = "store-admin-key-0123456789-abcdef"

    /// realm-cli's client against the server: each call under `api/admin/v3.0`, kept in order.
    struct CLI {
        let t: AdminTestServer
        var token = ""
        var calls: [String] = []

        enum Outcome {
            case identical
            case pushed(diff: [String])
            case refused(WireResponse)
        }

        mutating func call(_ method: WireMethod, _ route: String, _ body: JSONValue? = nil, query: [String: String] = [:]) async -> WireResponse {
            let shown = query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
            calls.append("\(method.rawValue) \(route)\(shown.isEmpty ? "" : "?" + shown)")
            return await t.admin(method, route, json: body, bearer: token, query: query)
        }

        /// `login --api-key … --private-api-key …`.
        mutating func login(_ key: OperatorAPIKey) async throws {
            let answer = await call(.post, "auth/providers/mongodb-cloud/login", ["username": .string(key.publicKey), "apiKey": .string(key.privateKey)])
            token = try #require(answer.json?["access_token"]?.stringValue)
        }

        /// `push --remote <remote> -y` of `body`; `beforeDeploy` runs between the import and the
        /// deployment (the test's look at the draft).
        mutating func push(_ body: JSONValue, remote: String, beforeDeploy: (String) async throws -> Void = { _ in }) async throws -> Outcome {
            // cli.ResolveApp: FindApps over the profile's groups, each product in turn.
            let profile = await call(.get, "auth/profile")
            let group = try #require(profile.json?["roles"]?.arrayValue?.first?["group_id"]?.stringValue)
            var found: [JSONValue] = []
            for product in ["standard", "atlas", "data-api"] {
                let listed = await call(.get, "groups/\(group)/apps", query: product == "standard" ? [:] : ["product": product])
                #expect(listed.status == 200)
                found += (listed.json?.arrayValue ?? []).filter { $0["client_app_id"]?.stringValue?.hasPrefix(remote.lowercased()) == true }
            }
            #expect(found.count == 1, "realm-cli asks which app when it finds more than one: \(found)")
            let app = try #require(found.first?["_id"]?.stringValue)
            let base = "groups/\(group)/apps/\(app)"

            let diff = await call(.post, "\(base)/import", body, query: ["strategy": "replace-by-name", "diff": "true"])
            guard diff.status == 200 else { return .refused(diff) }
            let listed = diff.json?.arrayValue?.compactMap { $0.stringValue }
            let lines = try #require(listed)
            if lines.isEmpty { return .identical }

            // createNewDraft: a draft left open is discarded (with -y) and made again.
            var draft = await call(.post, "\(base)/drafts")
            if draft.status == 409, draft.errorCode == "DraftAlreadyExists" {
                let open = try #require(await call(.get, "\(base)/drafts").json?.arrayValue?.first?["_id"]?.stringValue)
                #expect(await call(.delete, "\(base)/drafts/\(open)").status == 204)
                draft = await call(.post, "\(base)/drafts")
            }
            #expect(draft.status == 201)
            let draftId = try #require(draft.json?["_id"]?.stringValue)

            let imported = await call(.post, "\(base)/import", body, query: ["strategy": "replace-by-name"])
            guard imported.status == 204 else {
                #expect(await call(.delete, "\(base)/drafts/\(draftId)").status == 204)
                return .refused(imported)
            }
            try await beforeDeploy(draftId)
            let deployed = await call(.post, "\(base)/drafts/\(draftId)/deployment")
            #expect(deployed.status == 201 && deployed.json?["status"] == "successful", "realm-cli polls while it is created or pending")
            return .pushed(diff: lines)
        }
    }

    @Test(arguments: StoreKind.allCases) func aPushIsServedOnceItsDraftIsDeployedAndExportsAsTheSameApp(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let made = try await t.operators.create(email: "ops@example.com", password: "long-secret-1")
        var cli = CLI(t: t)
        try await cli.login(try await t.operators.createAPIKey(email: "ops@example.com"))
        // `apps create`, as a deployment script makes its app before it pushes.
        let created = await cli.call(.post, "groups/\(made.groupId)/apps", ["name": "store-app", "location": "IE", "deployment_model": "LOCAL", "environment": "development"])
        #expect(created.status == 201)
        let appId = try #require(created.json?["_id"]?.stringValue)
        let clientAppId = try #require(created.json?["client_app_id"]?.stringValue)
        let base = "groups/\(made.groupId)/apps/\(appId)"
        let anonymous = Route.login(appId: clientAppId, provider: .anonymous)
        let body = try RealmCLIAppData.body(Self.storeApp)
        let fresh = try await t.apps.app(appId, in: made.groupId)

        // The directory's value reads a secret the app does not have yet: the diff is refused
        // naming it, before realm-cli makes a draft, and the app is as it was.
        guard case .refused(let refusal) = try await cli.push(body, remote: "store-app") else {
            Issue.record("a push naming a secret the app lacks went through")
            return
        }
        #expect(refusal.status == 400 && refusal.errorCode == "InvalidParameter", "\(refusal.errorMessage ?? "")")
        #expect(refusal.errorMessage?.contains("storeAdminKey") == true, "\(refusal.errorMessage ?? "")")
        let afterRefusal = try await t.apps.app(appId, in: made.groupId)
        #expect(afterRefusal.model == fresh.model && afterRefusal.secrets == fresh.secrets && afterRefusal.draft == nil)

        // `secrets create`, then the push again.
        #expect(await cli.call(.post, "\(base)/secrets", ["name": "storeAdminKey", "value": .string(Self.adminKey)]).status == 201)
        let token = cli.token
        let outcome = try await cli.push(body, remote: "store-app") { draftId in
            #expect(await t.call(.post, anonymous, json: [:]).status != 200, "not served before the draft is deployed")
            let functions = await t.admin(.get, "\(base)/functions", bearer: token).json?.arrayValue?.compactMap { $0["name"]?.stringValue }
            #expect(functions?.sorted() == ["assignStore", "listStores"], "the draft holds the import")
            let audit = try await t.server.services.hosting.store.auditEntries(appId: clientAppId, AuditQuery()).compactMap(\.detail)
            // Device Sync's settings and the schemas are read and not served: the line counts them.
            #expect(audit.contains("app imported into draft \(draftId) (2 parts read and not served) by operator ops@example.com"), "\(audit)")
        }
        guard case .pushed(let diff) = outcome else {
            Issue.record("the push was not deployed: \(outcome)")
            return
        }
        #expect(diff.contains("+ functions 'assignStore'") && diff.contains("+ triggers 'onUserCreation'"), "\(diff)")
        #expect(await t.call(.post, anonymous, json: [:]).status == 200, "served at once once deployed")
        let other = try await t.another()
        #expect(await other.call(.post, anonymous, json: [:]).status == 200, "and on every server over the database")
        let deployedDraft = try #require(try await t.apps.app(appId, in: made.groupId).deployments.first?.draftId)
        #expect(
            cli.calls.suffix(8).map { $0.replacingOccurrences(of: "groups/\(made.groupId)/apps/\(appId)", with: "APP") } == [
                "GET auth/profile", "GET groups/\(made.groupId)/apps", "GET groups/\(made.groupId)/apps?product=atlas",
                "GET groups/\(made.groupId)/apps?product=data-api", "POST APP/import?diff=true&strategy=replace-by-name", "POST APP/drafts",
                "POST APP/import?strategy=replace-by-name", "POST APP/drafts/\(deployedDraft)/deployment",
            ])

        // The app served is the directory `--app-dir` reads, and `export` writes it out as the same app.
        let hosted = try #require(try await HostedApps(server: try await ServerAssembly.open(databasePath: t.databasePath, apps: [])).app(clientAppId))
        var directory = try AppDirectory.read(Self.storeApp).model
        directory.name = hosted.model.name
        directory.appId = hosted.model.appId
        #expect(AppDirectoryDatabaseExportTests.withoutIds(hosted.model) == AppDirectoryDatabaseExportTests.withoutIds(directory))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-push-export-\(UUID().uuidString)", isDirectory: true)
        try AppDirectoryWriter.write(hosted.model, to: folder)
        #expect(AppDirectoryDatabaseExportTests.withoutSecrets(try AppDirectory.read(folder).model) == AppDirectoryDatabaseExportTests.withoutSecrets(hosted.model))
        // Pushed again, the export and the directory it came from are what is deployed.
        let exported = await cli.call(.post, "\(base)/import", try RealmCLIAppData.body(folder), query: ["strategy": "replace-by-name", "diff": "true"])
        #expect(exported.status == 200 && exported.json == [], "\(String(decoding: exported.body, as: UTF8.self))")
        guard case .identical = try await cli.push(body, remote: "store-app") else {
            Issue.record("pushing the same directory again found changes")
            return
        }
    }

    /// Each refusal names the file and key (or the import's key) and changes nothing, with or
    /// without an open draft; `diff=true` refuses as the import does.
    @Test(arguments: StoreKind.allCases) func aBadImportIsRefusedNamingWhereAndChangesNothing(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.create(name: "kiosk", product: nil, in: made.groupId)
        let base = "groups/\(made.groupId)/apps/\(app.id)"
        func directory(_ functions: JSONValue, _ more: JSONObject = [:]) -> JSONValue {
            var body: JSONObject = [
                "config_version": 20210101, "name": "kiosk", "auth": ["providers": ["anon-user": ["name": "anon-user", "type": "anon-user", "disabled": false]]],
                "functions": functions, "sync": [:], "graphql": ["config": ["use_natural_pluralization": true]], "endpoints": [:], "secrets": [:],
            ]
            body.merge(more) { $1 }
            return .object(body)
        }
        let good = directory(["config": [["name": "greet", "private": false]], "sources": ["greet.js": "exports = () => 'hej';"]])
        let imported = await t.admin(.post, "\(base)/import", json: good, bearer: login.accessToken, query: ["strategy": "replace-by-name"])
        #expect(imported.status == 204, "\(String(decoding: imported.body, as: UTF8.self))")
        #expect(await t.call(.post, Route.login(appId: app.clientAppId, provider: .anonymous), json: [:]).status == 200, "without a draft, served at once")

        let bad: [(body: JSONValue, query: [String: String], code: String, words: String)] = [
            (directory(["config": [["name": "greet"], ["name": "missing"]], "sources": ["greet.js": "exports = () => 1;"]]), [:], "InvalidParameter", "functions/missing.js: missing"),
            (directory(["config": [["name": "greet"]], "sources": ["greet.js": "exports = () => 1;", "../evil.js": "exports = () => 2;"]]), [:], "InvalidParameter", "key 'functions.sources.../evil.js'"),
            (directory(["config": [["name": "greet"], ["name": "greet"]], "sources": ["greet.js": "exports = () => 1;"]]), [:], "InvalidParameter", "functions/config.json, key '1.name'"),
            (directory([:], ["hostingg": [:]]), [:], "InvalidParameter", "the import, key 'hostingg': unknown key"),
            (directory([:], ["values": [["name": "apiKey", "value": "vault", "from_secret": true]]]), [:], "InvalidParameter", "vault"),
            (directory([:], ["auth": ["providers": ["oauth2-github": ["name": "oauth2-github", "type": "oauth2-github"]]]]), [:], "InvalidParameter", "auth/providers.json, key 'oauth2-github.type'"),
            (good, ["strategy": "merge"], "InvalidParameter", "'strategy'"),
            (good, ["diff": "maybe"], "InvalidParameter", "'diff'"),
        ]
        for opened in [false, true] {
            if opened { #expect(await t.admin(.post, "\(base)/drafts", bearer: login.accessToken).status == 201) }
            let before = try await t.apps.app(app.id, in: made.groupId)
            for (body, query, code, words) in bad {
                for diff in query.isEmpty ? [false, true] : [false] {
                    var asked = query.merging(["strategy": query["strategy"] ?? "replace-by-name"]) { $1 }
                    if diff { asked["diff"] = "true" }
                    let answer = await t.admin(.post, "\(base)/import", json: body, bearer: login.accessToken, query: asked)
                    #expect(answer.status == 400 && answer.errorCode == code, "\(words): \(answer.status) \(answer.errorMessage ?? "")")
                    #expect(answer.errorMessage?.contains(words) == true, "\(answer.errorMessage ?? "")")
                }
            }
            #expect(try await t.apps.app(app.id, in: made.groupId) == before, "nothing changed (draft open: \(opened))")
        }
        #expect(await t.admin(.post, "\(base)/import", json: good, query: ["strategy": "replace-by-name"]).status == 401)
    }

    /// App Services' drafts hold every change to an app, secrets too: a secret's value set
    /// under a draft (through `secrets` or an import's `secrets`) is served once the draft is
    /// deployed and dropped with it when it is discarded; the diff names it, never its value.
    @Test(arguments: StoreKind.allCases) func aSecretSetUnderADraftWaitsForItsDeployment(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.create(name: "kiosk", product: nil, in: made.groupId)
        let base = "groups/\(made.groupId)/apps/\(app.id)"
        func send(_ method: WireMethod, _ path: String, _ json: JSONValue? = nil, query: [String: String] = [:]) async -> WireResponse {
            await t.admin(method, "\(base)/\(path)", json: json, bearer: login.accessToken, query: query)
        }
        func hosted() async throws -> HostedApp { try await t.apps.app(app.id, in: made.groupId) }
        let secretId = try #require(await send(.post, "secrets", ["name": "kioskKey", "value": "first-value"]).json?["_id"]?.stringValue)
        #expect(try await hosted().secrets["kioskKey"] == "first-value", "without a draft, at once")

        let draftId = try #require(await send(.post, "drafts").json?["_id"]?.stringValue)
        #expect(await send(.put, "secrets/\(secretId)", ["name": "kioskKey", "value": "second-value"]).status == 204)
        #expect(await send(.post, "secrets", ["name": "otherKey", "value": "other-value"]).status == 201)
        let service: JSONValue = ["config": ["name": "mongodb-atlas", "type": "mongodb-atlas", "config": ["clusterName": "Cluster0"]]]
        let imported = await send(
            .post, "import",
            ["config_version": 20210101, "name": "kiosk", "data_sources": [service], "secrets": ["services": ["mongodb-atlas": ["password": "db-password"]]]],
            query: ["strategy": "replace-by-name"])
        #expect(imported.status == 204, "\(String(decoding: imported.body, as: UTF8.self))")
        var now = try await hosted()
        #expect(now.secrets == ["kioskKey": "first-value"], "served as before the draft")
        #expect(now.draft?.secrets == ["kioskKey": "second-value", "otherKey": "other-value", "__mongodb-atlas_password": "db-password"])
        #expect(now.draft?.model.services.first?.secretConfig == ["password": "__mongodb-atlas_password"], "linked as App Services links it")
        let listed = await send(.get, "secrets").json?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(listed?.sorted() == ["__mongodb-atlas_password", "kioskKey", "otherKey"])
        let diff = await send(.get, "drafts/\(draftId)/diff")
        #expect(diff.json?["diffs"]?.arrayValue?.contains("~ secrets 'kioskKey' (its value)") == true, "\(diff.json ?? nil)")
        #expect(!String(decoding: diff.body, as: UTF8.self).contains("second-value"), "a diff never shows a value")

        #expect(await send(.post, "drafts/\(draftId)/deployment").status == 201)
        now = try await hosted()
        #expect(now.secrets == ["kioskKey": "second-value", "otherKey": "other-value", "__mongodb-atlas_password": "db-password"])

        let second = try #require(await send(.post, "drafts").json?["_id"]?.stringValue)
        #expect(await send(.put, "secrets/\(secretId)", ["name": "kioskKey", "value": "third-value"]).status == 204)
        #expect(await send(.delete, "drafts/\(second)").status == 204)
        #expect(try await hosted().secrets["kioskKey"] == "second-value", "a discarded draft's secrets are dropped with it")
    }
}
