import AsyncHTTPClient
import Foundation
import RosterServer
import RosterServerAssembly
import RosterServerCore
import RosterWire

/// A store filled with the demo users and `users` generated ones, served by a `roster-server`
/// process on loopback, with what each route sends under wrk (`routes(appId:_:)`: the ceiling,
/// `/location`, then refresh, profile, data access, the log-ins, the device log-in and its page),
/// and email/password log-ins in pairs with a hash alone.
///
///     let served = try await ServedStore.start(server: url, database: nil, users: 1_000, in: directory)
///     defer { served.server.stop() }
///     for route in served.routes { _ = try await WrkRun.run(route.load, base: served.server.baseURL, …) }
struct ServedStore {
    struct RouteLoad {
        let name: String
        let load: WrkRun.Load
    }

    let server: LoopbackServer
    /// "SQLite" or "PostgreSQL".
    let storeName: String
    let routes: [RouteLoad]
    var pairedLogIns: PairedLogIns
    /// How the server was started, to start it again.
    let executable: URL
    let arguments: [String]

    static let emailPasswordRoute = "email/password log-in"

    /// What a refresh sends (one of `routes`): one refresh token, again and again.
    var refresh: RouteLoad { routes[1] }

    /// The password of every generated user.
    static let password = "benchmark-password"

    /// Fills `database` (a `postgres://` URL, or a new SQLite file in `directory` when nil) and
    /// starts the server on it; `directory` holds the app's configuration and the SQLite file.
    /// With `fillThroughServer`, the users are made by `executable` itself (`roster-server admin
    /// create-user`, one process a user), so that a build whose store differs from this one's
    /// (another schema) opens a store it made; otherwise they are written in this process.
    /// `configure` changes the app's configuration before it is written.
    static func start(
        server executable: URL, database: String?, users: Int, in directory: URL, fillThroughServer: Bool = false,
        configure: (inout AppConfig) -> Void = { _ in }
    ) async throws -> ServedStore {
        try WrkRun.requireInstalled()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var config = try AppConfig.demo()
        // One refresh token is presented again and again, as SDKs that keep one do.
        config.refreshTokenRotation.enabled = false
        // One access token serves the whole run: a run longer than its default half hour (every
        // route over 12 rounds) had its last calls answered 401, fast, and measured those.
        config.accessTokenLifetimeSeconds = 24 * 3600
        // wrk is one client making anonymous users as fast as it can: the route's cost is
        // measured, not the limit that stops one address.
        config.limits.anonymousUsersPerAddressPerHour = Int(Int32.max)
        // Every connection calls data access as one user: up to 100 calls at once (the most an app
        // allows), not the 4 that keep one user from holding the server.
        config.limits.dataCallsPerUser = 100
        // Inserts go to a collection nothing else reads, so that the other routes do not slow as it grows.
        config.rules.append(DataRule(database: "bench", collection: "notes", read: .own, write: .own, userIdField: "owner"))
        configure(&config)
        let path = database ?? directory.appendingPathComponent("server.sqlite").path
        let configFile = directory.appendingPathComponent("app.json")
        let encoded = try written(config)
        guard try AppConfig.parse(encoded, source: configFile.path) == config else {
            throw HTTPBenchmark.Failure(description: "the app configuration does not read back as written")
        }
        guard FileManager.default.createFile(atPath: configFile.path, contents: encoded, attributes: [.posixPermissions: 0o600]) else {
            throw HTTPBenchmark.Failure(description: "cannot write \(configFile.path)")
        }
        if fillThroughServer {
            try fill(path, configFile: configFile, users: users, with: executable)
        } else {
            try await fill(path, config: config, users: users)
        }
        let arguments = ["serve", "--db", path, "--config", configFile.path]
        let server = try LoopbackServer.start(executable: executable, arguments: arguments)
        do {
            let credentials = try await Credentials.obtain(base: server.baseURL, appId: config.appId)
            let routes = Self.routes(appId: config.appId, credentials)
            let pairs = PairedLogIns(
                base: server.baseURL, appId: config.appId, hashing: config.passwordHashing,
                emails: (0..<min(users, 64)).map { "generated-\($0)@example.invalid" }, password: password)
            return ServedStore(
                server: server, storeName: database == nil ? "SQLite" : "PostgreSQL", routes: routes, pairedLogIns: pairs,
                executable: executable, arguments: arguments)
        } catch {
            server.stop()
            throw error
        }
    }

    /// The configuration as an operator writes it: settings and limits at their defaults left
    /// out, so that a build older than a setting or a limit (`http --against-server`) reads it too.
    static func written(_ config: AppConfig) throws -> Data {
        let encoded = try JSONEncoder().encode(config)
        guard case .object(var fields) = try JSONValue(parsing: encoded) else { return encoded }
        let unset = try JSONDecoder().decode(AppConfig.self, from: JSONValue.object(["appId": .string(config.appId)]).data)
        let defaults = try JSONValue(parsing: JSONEncoder().encode(unset)).objectValue ?? [:]
        fields = fields.filter { $0.key == "appId" || defaults[$0.key] != $0.value }
        if let limits = fields["limits"]?.objectValue {
            let limitDefaults = try JSONValue(parsing: JSONEncoder().encode(LimitsConfig())).objectValue ?? [:]
            fields["limits"] = .object(limits.filter { limitDefaults[$0.key] != $0.value })
        }
        return JSONValue.object(fields).data
    }

    /// The same store served by a new process: this one stopped, another started (which
    /// listens on another port). One process of a build can stay cheaper than another of the
    /// same build for its whole life, so a comparison of builds starts each afresh every round.
    func restarted() throws -> ServedStore {
        server.stop()
        let server = try LoopbackServer.start(executable: executable, arguments: arguments)
        var logIns = pairedLogIns
        logIns.base = server.baseURL
        return ServedStore(
            server: server, storeName: storeName, routes: routes, pairedLogIns: logIns, executable: executable, arguments: arguments)
    }

    /// `users` generated users made by `executable` (`admin create-user`, the password on stdin).
    private static func fill(_ database: String, configFile: URL, users: Int, with executable: URL) throws {
        for index in 0..<users {
            try ChildCommand.run(
                executable,
                ["admin", "--db", database, "--config", configFile.path, "create-user", "--email", "generated-\(index)@example.invalid", "--password-stdin"],
                stdin: "\(password)\n")
        }
    }

    /// The demo users, then generated users up to `users` in all, in batches.
    private static func fill(_ database: String, config: AppConfig, users: Int) async throws {
        let setup = try await ServerAssembly.open(databasePath: database, apps: [config])
        try await setup.seedDemoUsers(appId: config.appId)
        let batch = 50_000
        for first in stride(from: 0, to: users, by: batch) {
            try await setup.admin.addGeneratedUsers(appId: config.appId, first: first, count: min(batch, users - first), password: password)
        }
    }

    /// POSTs `body` (with a Bearer token) and decodes a 2xx answer.
    static func call<T: Decodable>(
        _ client: HTTPClient, _ url: String, body: JSONValue, bearer: String? = nil, as type: T.Type
    ) async throws -> T {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        if let bearer { request.headers.add(name: "authorization", value: "Bearer \(bearer)") }
        request.body = .bytes(Array(body.data))
        let response = try await client.execute(request, timeout: .seconds(30))
        let data = Data(buffer: try await response.body.collect(upTo: 1 << 20))
        guard (200..<300).contains(response.status.code) else {
            throw HTTPBenchmark.Failure(description: "\(url) answered \(response.status.code): \(String(decoding: data, as: UTF8.self).prefix(200))")
        }
        return try JSONDecoder().decode(T.self, from: data)
    }
}
