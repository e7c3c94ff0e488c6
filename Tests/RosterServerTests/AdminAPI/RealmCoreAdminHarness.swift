import Foundation
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer

/// realm-core's Admin API harness (test/object-store/util/sync/baas_admin_api.cpp, the v14 line)
/// played against Roster: the same calls, in the same order, with the same bodies, that its
/// `create_app(default_app_config())` makes, each answer held to what the harness asserts
/// (2xx, then the fields it reads). The bodies are written here anew under the harness's keys.
struct RealmCoreAdminHarness {
    let server: AdminTestServer
    let accessToken: String
    let groupId: String
    /// Every call made, in order: "METHOD path" (the path under the group's apps; "" for them).
    private(set) var calls: [String] = []

    /// The harness's operator (`unique_user@domain.com` / `password` in `default_app_config`).
    static let username = "unique_user@domain.com"
    static let password = "password"
    static let mongoURI = "mongodb://localhost:26000"
    static let customTokenKey = "My_very_confidential_secretttttt"

    struct Failed: Error, CustomStringConvertible {
        let call: String
        let response: WireResponse
        var description: String { "\(call) answered \(response.status): \(String(decoding: response.body, as: UTF8.self))" }
    }

    /// `AdminAPISession::login`: the password log-in, then `auth/profile`'s first role's group.
    static func login(_ server: AdminTestServer) async throws -> RealmCoreAdminHarness {
        _ = try await server.operators.create(email: username, password: password)
        let login = await server.admin(.post, "auth/providers/local-userpass/login", json: ["provider": "userpass", "username": .string(username), "password": .string(password)])
        guard login.status == 200, let token = login.json?["access_token"]?.stringValue else { throw Failed(call: "POST auth/providers/local-userpass/login", response: login) }
        let profile = await server.admin(.get, "auth/profile", bearer: token, query: bypass)
        guard (200..<300).contains(profile.status), let group = profile.json?["roles"]?.arrayValue?.first?["group_id"]?.stringValue else {
            throw Failed(call: "GET auth/profile", response: profile)
        }
        return RealmCoreAdminHarness(server: server, accessToken: token, groupId: group)
    }

    /// `AdminAPIEndpoint::do_request` adds this to every call it makes.
    static let bypass = ["bypass_service_change": "SyncSchemaVersionIncrease"]

    /// One call under `groups/{group}/apps`, as `AdminAPIEndpoint` makes it; `*_json` calls
    /// require a 2xx and parse the body (`{}` when empty).
    @discardableResult
    mutating func json(_ method: WireMethod, _ path: String, _ body: JSONValue? = nil) async throws -> JSONValue {
        let response = try await raw(method, path, body)
        guard (200..<300).contains(response.status) else { throw Failed(call: "\(method.rawValue) \(path)", response: response) }
        return response.body.isEmpty ? .emptyObject : try JSONValue(parsing: response.body)
    }

    /// A call whose status the harness checks itself (`put("")`, `del()`). A path's own query
    /// (`get_json({{"sync_type", …}})` puts it there) goes beside the harness's `bypass`.
    mutating func raw(_ method: WireMethod, _ path: String, _ body: JSONValue? = nil) async throws -> WireResponse {
        calls.append("\(method.rawValue) \(path)")
        let parts = path.split(separator: "?", maxSplits: 1)
        var query = Self.bypass
        for pair in parts.dropFirst().first?.split(separator: "&") ?? [] {
            let keyValue = pair.split(separator: "=", maxSplits: 1)
            query[String(keyValue[0])] = keyValue.count > 1 ? String(keyValue[1]) : ""
        }
        let bare = parts.first.map(String.init) ?? ""
        let full = bare.isEmpty ? "groups/\(groupId)/apps" : "groups/\(groupId)/apps/\(bare)"
        return await server.admin(method, full, json: body, bearer: accessToken, query: query)
    }
}

extension RealmCoreAdminHarness {
    /// The client API of the app `made` (the answer to `POST apps`), on the harness's server, as
    /// the tests' own fixture sees an app.
    func client(of made: JSONValue) throws -> TestServer {
        TestServer(
            server: server.server, directory: server.directory, clock: server.clock, appId: try RealmCoreAdminSetup.field(made, "client_app_id"),
            databasePath: server.databasePath)
    }
}

/// What `create_app` hands the tests: `AppSession{client_app_id, server_app_id, admin_api, config}`.
struct RealmCoreAdminApp {
    let clientAppId: String
    let serverAppId: String
    let mongoServiceId: String
    let databaseName: String
    let harness: RealmCoreAdminHarness

    /// As the tests' own server fixture sees the app: the client API on the same server.
    var testServer: TestServer {
        TestServer(server: harness.server.server, directory: harness.server.directory, clock: harness.server.clock, appId: clientAppId,
            databasePath: harness.server.databasePath)
    }
}
