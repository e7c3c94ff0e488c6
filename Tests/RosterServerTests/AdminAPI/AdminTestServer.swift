import Foundation
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore
import RosterServerAssembly

/// A real server serving the apps its database holds and the Admin API, called in-process, over
/// a fresh store of either kind; `apps` are served beside them from configuration. The apps the
/// Admin API makes hash their users' passwords at the tests' cheap cost (as `TestConfig`'s apps'
/// users do) unless `passwordHashing` says otherwise: OWASP's would cost each sign-up and log-in
/// a good part of a second. The apps' function runs are kept to `runBudget`.
struct AdminTestServer {
    let server: RosterServer
    let admin: AdminAPI
    let clock: TestClock
    let databasePath: String
    let directory: URL
    let passwordHashing: PasswordHashingConfig
    let runBudget: FunctionRunBudget
    let publicURL: PublicURL?

    static let path = AdminAPIVersion.path

    static func make(
        store: StoreKind, apps configs: [AppConfig] = [], clock: TestClock = TestClock(),
        passwordHashing: PasswordHashingConfig = TestConfig.app().passwordHashing, runBudget: FunctionRunBudget = FunctionRunBudget(),
        publicURL: PublicURL? = nil
    ) async throws -> AdminTestServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-admin-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let databasePath = try await store.newDatabasePath(in: directory)
        return try await open(
            databasePath, directory: directory, apps: configs, clock: clock, passwordHashing: passwordHashing, runBudget: runBudget,
            publicURL: publicURL)
    }

    /// Another server process over the same database, as far as the store can tell.
    func another() async throws -> AdminTestServer {
        try await Self.open(
            databasePath, directory: directory, apps: [], clock: clock, passwordHashing: passwordHashing, runBudget: runBudget, publicURL: publicURL)
    }

    private static func open(
        _ databasePath: String, directory: URL, apps configs: [AppConfig], clock: TestClock, passwordHashing: PasswordHashingConfig,
        runBudget: FunctionRunBudget, publicURL: PublicURL?
    ) async throws -> AdminTestServer {
        var environment = ServerEnvironment(now: { clock.now })
        environment.publicURL = publicURL
        environment.outboxDirectory = directory.appendingPathComponent("outbox", isDirectory: true)
        environment.functionRunBudget = runBudget
        let admin = AdminAPI(passwordHashing: passwordHashing)
        let server = try await ServerAssembly.open(databasePath: databasePath, apps: configs, environment: environment, additions: [admin])
        try await admin.apps?.serveAll()
        return AdminTestServer(
            server: server, admin: admin, clock: clock, databasePath: databasePath, directory: directory, passwordHashing: passwordHashing,
            runBudget: runBudget, publicURL: publicURL)
    }

    var apps: AdminApps { admin.apps! }
    /// The operators, their passwords hashed at the tests' cheap cost (as `TestConfig`'s apps'
    /// users'), which log-ins then check at: OWASP's would cost each log-in a good part of a second.
    var operators: Operators { Operators(services: server.services, passwordHashing: TestConfig.app().passwordHashing) }

    func call(_ method: WireMethod, _ path: String, json: JSONValue? = nil, bearer: String? = nil, query: [String: String] = [:]) async
        -> WireResponse
    {
        var headers = ["content-type": "application/json;charset=utf-8"]
        if let bearer { headers["authorization"] = "Bearer \(bearer)" }
        return await server.respond(to: WireRequest(method: method, path: path, query: query, headers: headers, body: json.map(\.data)))
    }

    func admin(_ method: WireMethod, _ path: String, json: JSONValue? = nil, bearer: String? = nil, query: [String: String] = [:]) async
        -> WireResponse
    {
        await call(method, "\(Self.path)/\(path)", json: json, bearer: bearer, query: query)
    }

    /// Makes an operator and logs them in by password.
    func loggedInOperator(_ email: String = "ops@example.com", password: String = "long-secret-1") async throws -> (Operator, AdminLogin) {
        let made = try await operators.create(email: email, password: password)
        let response = await admin(.post, "auth/providers/local-userpass/login", json: ["provider": "userpass", "username": .string(email), "password": .string(password)])
        guard response.status == 200 else { throw TestServer.Unexpected(response: response) }
        return (made, try response.decoded(AdminLogin.self))
    }

    /// Whether the client API serves `clientAppId` now.
    func serves(_ clientAppId: String) async -> Bool {
        await call(.get, Route.location(appId: clientAppId)).status == 200
    }
}
