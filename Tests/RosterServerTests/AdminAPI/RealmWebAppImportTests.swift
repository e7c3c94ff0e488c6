import Foundation
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer

/// realm-web's `importRealmApp()` without `BAAS_APP_ID`: realm-js's app importer
/// (packages/realm-app-importer, AppImporter with its AdminApiClient) importing realm-web's test
/// app, read here from the web-test-app fixture, call for call: log-in, profile, the app, its
/// allowed origins, secrets, the data source and its default rule, the functions, then each
/// provider, patching the one a new app already has. The client reads an answer's body only
/// when its content type is exactly `application/json`, and answers a 401 "access token
/// expired" by refreshing the admin session and trying again, as here.
@Suite(.timeLimit(.minutes(3))) struct RealmWebAppImportTests {
    static let template = AppDirectoryFixtures.url("web-test-app")
    /// realm-web's custom-token secret, under the fixture's name for it.
    static let jwtSecret = "2k66QfKeTRk3MdZ5vpDYgZCu2k66QfKeTRk3MdZ5vpDYgZCu"

    /// AdminApiClient: every call under `api/admin/v3.0`, the body parsed only when it is JSON.
    struct Importer {
        let server: AdminTestServer
        var accessToken = ""
        var refreshToken = ""
        var calls: [String] = []
        var refreshes = 0

        struct Failed: Error, CustomStringConvertible {
            let description: String
        }

        mutating func fetch(_ method: WireMethod, _ route: String, _ body: JSONValue? = nil, token: String? = nil) async throws -> JSONValue? {
            calls.append("\(method.rawValue) \(route)")
            var response = await server.admin(method, route, json: body, bearer: token ?? accessToken)
            if response.status == 401, response.errorMessage?.contains("invalid session: access token expired") == true {
                let refreshed = await server.admin(.post, "auth/session", bearer: refreshToken)
                guard let access = refreshed.json?["access_token"]?.stringValue else { throw Failed(description: "refresh: \(refreshed.status)") }
                accessToken = access
                refreshes += 1
                response = await server.admin(method, route, json: body, bearer: accessToken)
            }
            let json = response.headers["content-type"] == "application/json"
            guard (200..<300).contains(response.status) else {
                throw Failed(description: "Failed to fetch \(route): \(json ? response.errorMessage ?? "No error message" : "") (\(response.status))")
            }
            return json ? try JSONValue(parsing: response.body) : nil
        }
    }

    static func file(_ path: String) throws -> JSONValue {
        try JSONValue(parsing: Data(contentsOf: template.appendingPathComponent(path)))
    }

    /// `importApp`, returning the client app id and the importer's calls.
    static func importApp(on server: AdminTestServer) async throws -> (clientAppId: String, importer: Importer) {
        let (loggedIn, apps) = try await logIn(on: server)
        var importer = loggedIn
        let root = try file("root_config.json")
        let made = try await importer.fetch(.post, apps, ["name": root["name"] ?? "", "sync": ["development_mode_enabled": true]])
        guard let appId = made?["_id"]?.stringValue, let clientAppId = made?["client_app_id"]?.stringValue else {
            throw Importer.Failed(description: "assertAppResponse: \(String(describing: made))")
        }
        // The access token runs out mid-import (6 h): the client refreshes its session and goes on.
        server.clock.advance(by: 7 * 3600)
        try await configure("\(apps)/\(appId)", &importer)
        return (clientAppId, importer)
    }

    /// `ensureLogIn` and the group of `auth/profile`: the importer's path to the group's apps.
    static func logIn(on server: AdminTestServer) async throws -> (Importer, apps: String) {
        _ = try await server.operators.create(email: "unique_user@domain.com", password: "password")
        var importer = Importer(server: server)
        let login = try await importer.fetch(.post, "auth/providers/local-userpass/login", ["username": "unique_user@domain.com", "password": "password"], token: "")
        guard let access = login?["access_token"]?.stringValue, let refresh = login?["refresh_token"]?.stringValue else {
            throw Importer.Failed(description: "assertLoginResponse: \(String(describing: login))")
        }
        (importer.accessToken, importer.refreshToken) = (access, refresh)
        let roles = try await importer.fetch(.get, "auth/profile")?["roles"]?.arrayValue ?? []
        guard roles.allSatisfy({ $0["role_name"]?.stringValue != nil }), Set(roles.compactMap { $0["group_id"]?.stringValue }).count == 1,
            let group = roles.first?["group_id"]?.stringValue
        else { throw Importer.Failed(description: "Expected user to have a role in a single group") }
        return (importer, "groups/\(group)/apps")
    }

    /// `configureApp`: realm-web's test app's settings, secret, data source, functions and
    /// providers onto the app at `app` (`groups/{group}/apps/{id}`).
    static func configure(_ app: String, _ importer: inout Importer) async throws {
        let root = try file("root_config.json")
        if let origins = root["security"]?["allowed_request_origins"] { try await importer.fetch(.put, "\(app)/security/allowed_request_origins", origins) }
        try await importer.fetch(.post, "\(app)/secrets", ["name": "jwtSigningKey", "value": .string(jwtSecret)])

        let source = try file("data_sources/local-mongodb/config.json")
        let service = try await importer.fetch(.post, "\(app)/services", source)
        guard let serviceId = service?["_id"]?.stringValue else { throw Importer.Failed(description: "assertServiceResponse") }
        try await importer.fetch(.post, "\(app)/services/\(serviceId)/default_rule", try file("data_sources/local-mongodb/default_rule.json"))

        for function in try file("functions/config.json").arrayValue ?? [] {
            guard var config = function.objectValue, let name = function["name"]?.stringValue else { continue }
            config["source"] = .string(try String(contentsOf: template.appendingPathComponent("functions/\(name).js"), encoding: .utf8))
            let created = try await importer.fetch(.post, "\(app)/functions", .object(config))
            guard created?["_id"]?.stringValue != nil, created?["name"]?.stringValue == name else { throw Importer.Failed(description: "assertFunctionResponse") }
        }

        let functions = try await importer.fetch(.get, "\(app)/functions")?.arrayValue ?? []
        let existing = try await importer.fetch(.get, "\(app)/auth_providers")?.arrayValue ?? []
        guard existing.allSatisfy({ $0["_id"]?.stringValue != nil && $0["name"]?.stringValue != nil && $0["type"]?.stringValue != nil }) else {
            throw Importer.Failed(description: "assertAuthProvidersResponse")
        }
        func id(ofFunction name: JSONValue?) -> JSONValue { functions.first { $0["name"] == name }?["_id"] ?? .null }
        for (_, provider) in try file("auth/providers.json").objectValue ?? [:] {
            guard var body = provider.objectValue, var config = provider["config"]?.objectValue ?? Optional(JSONObject()) else { continue }
            if provider["type"] == "local-userpass" {
                if let name = config["confirmationFunctionName"] { config["confirmationFunctionId"] = id(ofFunction: name) }
                if let name = config["resetFunctionName"] { config["resetFunctionId"] = id(ofFunction: name) }
            }
            if provider["type"] == "custom-function" { config["authFunctionId"] = id(ofFunction: config["authFunctionName"]) }
            if provider["config"] != nil { body["config"] = .object(config) }
            if let same = existing.first(where: { $0["type"] == provider["type"] }), let sameId = same["_id"] {
                body["_id"] = sameId
                try await importer.fetch(.patch, "\(app)/auth_providers/\(sameId.stringValue ?? "")", .object(body))
            } else {
                try await importer.fetch(.post, "\(app)/auth_providers", .object(body))
            }
        }
    }

    @Test(arguments: StoreKind.allCases) func realmWebsTestAppImportsAndServesItsClients(_ kind: StoreKind) async throws {
        let server = try await AdminTestServer.make(store: kind)
        let (clientAppId, importer) = try await Self.importApp(on: server)
        #expect(importer.calls.filter { $0.hasPrefix("PATCH") }.count == 1 && importer.calls.last?.hasPrefix("POST") == true)
        #expect(importer.refreshes == 1)
        let t = TestServer(server: server.server, directory: server.directory, clock: server.clock, appId: clientAppId, databasePath: server.databasePath)

        // What realm-web's suite then does against it.
        let anonymous = try await t.loggedIn(.anonymous)
        let translated = await t.call(.post, Route.functionCall(appId: clientAppId), json: ["name": "translate", "arguments": ["bonjour", "fr_en"]], bearer: anonymous.accessToken)
        #expect(translated.json == "hello")
        #expect(await t.register("ann@example.com", "password-1").status == 201)
        #expect(await t.emailLogin("ann@example.com", "password-1").status == 200)
        let byFunction = try await t.loggedIn(.customFunction, ["username": "ann", "secret": "v3ry-s3cret"])
        #expect(try await t.loggedIn(.customFunction, ["username": "ann", "secret": "v3ry-s3cret"]).userId == byFunction.userId)
        let now = Int64(server.clock.now.timeIntervalSince1970)
        let jwt = try await ExternalToken.hs256(["sub": "ann-jwt", "aud": .string(clientAppId), "exp": .int(now + 600), "mySecretField": "shh"], secret: Self.jwtSecret)
        let byJWT = try await t.loggedIn(.customToken, ["token": .string(jwt)])
        #expect(try await t.call(.get, Route.profile, bearer: byJWT.accessToken).decoded(ProfileResponse.self).data["secret"] == "shh")
        let key = await t.call(.post, Route.apiKeys, json: ["name": "k"], bearer: anonymous.refreshToken)
        #expect(key.status == 201)
        #expect(await t.login(.apiKey, ["key": .string((try? key.decoded(APIKeyResponse.self).key) ?? "")]).status == 200)
        let reset = await t.emailRoute(.resetCall, ["email": "ann@example.com", "password": "other-password", "arguments": []])
        #expect(reset.errorMessage == "failed to reset password for user \"ann@example.com\"")
    }
}
