import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
import RosterServerAssembly

/// A real RosterServer over a real store called in-process: an SQLite file in a fresh temporary
/// directory, or a fresh database on the tests' PostgreSQL cluster (`store: .postgres`).
struct TestServer {
    let server: RosterServer
    let directory: URL
    let clock: TestClock
    let appId: String
    /// The SQLite file or the `postgres://` URL.
    let databasePath: String

    init(server: RosterServer, directory: URL, clock: TestClock, appId: String, databasePath: String? = nil) {
        self.server = server
        self.directory = directory
        self.clock = clock
        self.appId = appId
        self.databasePath = databasePath ?? directory.appendingPathComponent("server.sqlite").path
    }

    static func make(
        _ config: AppConfig = TestConfig.app(), clock: TestClock = TestClock(), hashing: HashingPool = HashingPool(),
        store: StoreKind = .sqlite, environment configure: (inout ServerEnvironment) -> Void = { _ in }
    ) async throws -> TestServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-server-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let databasePath = try await store.newDatabasePath(in: directory)
        var environment = ServerEnvironment(now: { clock.now }, hashing: hashing)
        environment.outboxDirectory = directory.appendingPathComponent("outbox", isDirectory: true)
        configure(&environment)
        let server = try await ServerAssembly.open(databasePath: databasePath, apps: [config], environment: environment)
        return TestServer(server: server, directory: directory, clock: clock, appId: config.appId, databasePath: databasePath)
    }

    /// Another server instance over the same database file.
    func reopen(_ config: AppConfig = TestConfig.app()) async throws -> RosterServer {
        let clock = self.clock
        var environment = ServerEnvironment(now: { clock.now })
        environment.outboxDirectory = directory.appendingPathComponent("outbox", isDirectory: true)
        return try await ServerAssembly.open(databasePath: databasePath, apps: [config], environment: environment)
    }

    func call(
        _ method: WireMethod, _ path: String, json: JSONValue? = nil, body: Data? = nil, bearer: String? = nil,
        query: [String: String] = [:], on target: RosterServer? = nil
    ) async -> WireResponse {
        var headers = ["content-type": "application/json"]
        if let bearer { headers["authorization"] = "Bearer \(bearer)" }
        let request = WireRequest(method: method, path: path, query: query, headers: headers, body: body ?? json.map(\.data))
        return await (target ?? server).respond(to: request)
    }

    func login(_ provider: ProviderType, _ fields: JSONValue = [:], on target: RosterServer? = nil) async -> WireResponse {
        await call(.post, Route.login(appId: appId, provider: provider), json: fields, on: target)
    }

    /// Logs in and decodes the answer; fails the test when the log-in fails.
    func loggedIn(_ provider: ProviderType, _ fields: JSONValue = [:]) async throws -> LoginResponse {
        let response = await login(provider, fields)
        guard response.status == 200 else { throw Unexpected(response: response) }
        return try WireCoding.decode(LoginResponse.self, from: response.body)
    }

    /// Logs in with credentials that must be refused: AuthError whose message holds `words`,
    /// and no user made.
    func refusedLogin(
        _ provider: ProviderType, _ fields: JSONValue, _ words: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let before = try await userCount()
        let response = await login(provider, fields)
        #expect(response.status == 401 && response.errorCode == "AuthError", sourceLocation: sourceLocation)
        #expect(response.errorMessage?.contains(words) == true, "\(response.errorMessage ?? "")", sourceLocation: sourceLocation)
        #expect(try await userCount() == before, sourceLocation: sourceLocation)
    }

    func register(_ email: String, _ password: String) async -> WireResponse {
        await call(.post, Route.emailPassword(appId: appId, .register), json: ["email": .string(email), "password": .string(password)])
    }

    func emailLogin(_ email: String, _ password: String) async -> WireResponse {
        await login(.emailPassword, ["username": .string(email), "password": .string(password)])
    }

    func userCount() async throws -> Int {
        try await server.admin.listUsers(appId: appId).count
    }

    struct Unexpected: Error, CustomStringConvertible {
        let response: WireResponse
        var description: String { "unexpected \(response.status): \(String(decoding: response.body, as: UTF8.self))" }
    }
}

extension WireResponse {
    var errorCode: String? { errorResponse?.errorCode }
    var errorMessage: String? { errorResponse?.error }
    func decoded<T: Decodable>(_ type: T.Type) throws -> T { try WireCoding.decode(type, from: body) }
    var json: JSONValue? { try? JSONValue(parsing: body) }
}
