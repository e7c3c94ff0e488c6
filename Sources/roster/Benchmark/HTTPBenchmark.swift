import AsyncHTTPClient
import Foundation
import RosterServer
import RosterWire

/// The server's hot routes under wrk on loopback: the cheapest route (`/location`) as the
/// ceiling, then refresh, profile, and the log-ins (anonymous, API key, email/password), over a
/// store filled with `users` users, on SQLite or PostgreSQL. Optionally a long refresh run that
/// watches the server's memory.
enum HTTPBenchmark {
    struct Settings {
        var users = 1_000
        var connections = 64
        var seconds = 10
        /// A `postgres://` URL; a fresh SQLite file when nil.
        var database: String?
        /// How long the memory run lasts (0: none); its first minute is the baseline.
        var soakSeconds = 0
    }

    struct Row {
        let name: String
        let connections: Int
        let report: WrkRun.Report
    }

    struct Soak {
        let seconds: Int
        let afterFirstMinuteKiB: Int
        let atEndKiB: Int
    }

    struct Result {
        let store: String
        let users: Int
        let rows: [Row]
        /// One scrypt at the app's cost, measured in this process, each just before an
        /// email/password log-in.
        let kdf: Timing
        let soak: Soak?
        let peakKiB: Int
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The password of every generated user.
    static let password = "benchmark-password"

    static func run(server executable: URL, settings: Settings, in directory: URL) async throws -> Result {
        try WrkRun.requireInstalled()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var config = try AppConfig.demo()
        // One refresh token is presented again and again, as SDKs that keep one do.
        config.refreshTokenRotation.enabled = false
        let database = settings.database ?? directory.appendingPathComponent("server.sqlite").path
        try await fill(database, config: config, users: settings.users)

        let configFile = directory.appendingPathComponent("app.json")
        let encoded = try JSONEncoder().encode(config)
        guard try AppConfig.parse(encoded, source: configFile.path) == config else {
            throw Failure(description: "the app configuration does not read back as written")
        }
        guard FileManager.default.createFile(atPath: configFile.path, contents: encoded, attributes: [.posixPermissions: 0o600]) else {
            throw Failure(description: "cannot write \(configFile.path)")
        }
        let server = try LoopbackServer.start(executable: executable, arguments: ["serve", "--db", database, "--config", configFile.path])
        defer { server.stop() }

        let (login, apiKey) = try await credentials(base: server.baseURL, appId: config.appId)

        let json = ["Content-Type": "application/json"]
        // Each route: its name, wrk's connections, the seconds it runs, what it sends.
        let seconds = settings.seconds
        let loads: [(String, Int, Int, WrkRun.Load)] = [
            ("location (the ceiling)", settings.connections, seconds, .init(method: "GET", path: Route.location(appId: config.appId))),
            ("refresh", settings.connections, seconds, .init(method: "POST", path: Route.session, headers: ["Authorization": "Bearer \(login.refreshToken)"])),
            ("profile", settings.connections, seconds, .init(method: "GET", path: Route.profile, headers: ["Authorization": "Bearer \(login.accessToken)"])),
            (
                "anonymous log-in", settings.connections, seconds,
                .init(method: "POST", path: Route.login(appId: config.appId, provider: .anonymous), headers: json, bodies: ["{}"])
            ),
            (
                "API-key log-in", settings.connections, seconds,
                .init(
                    method: "POST", path: Route.login(appId: config.appId, provider: .apiKey), headers: json,
                    bodies: [JSONValue.object(["key": .string(apiKey)]).compactText])
            ),
        ]
        var rows: [Row] = []
        for (name, connections, seconds, load) in loads {
            let report = try await WrkRun.run(load, base: server.baseURL, connections: connections, seconds: seconds, in: directory)
            rows.append(Row(name: name, connections: connections, report: report))
        }
        // One at a time, each a different user, each after one hash alone: what a log-in costs
        // beyond its password hash: four pairs for each second a route runs (40 by default, about
        // 20 s), so that the median stands on enough of them.
        let paired = try await PairedLogIns(
            base: server.baseURL, appId: config.appId, hashing: config.passwordHashing,
            emails: (0..<min(settings.users, 64)).map { "generated-\($0)@example.invalid" }, password: password
        ).run(seconds: seconds, minimumPairs: 4 * seconds)
        rows.append(Row(name: "email/password log-in", connections: 1, report: paired.report))
        let kdf = paired.hash

        var soak: Soak?
        if settings.soakSeconds > 0 {
            let refresh = loads[1].3
            let first = min(60, settings.soakSeconds)
            _ = try await WrkRun.run(refresh, base: server.baseURL, connections: settings.connections, seconds: first, in: directory)
            let baseline = server.memoryKiB("VmRSS") ?? 0
            if settings.soakSeconds > first {
                _ = try await WrkRun.run(
                    refresh, base: server.baseURL, connections: settings.connections, seconds: settings.soakSeconds - first, in: directory)
            }
            soak = Soak(seconds: settings.soakSeconds, afterFirstMinuteKiB: baseline, atEndKiB: server.memoryKiB("VmRSS") ?? 0)
        }
        let peak = server.memoryKiB("VmHWM") ?? 0
        return Result(
            store: settings.database == nil ? "SQLite" : "PostgreSQL", users: settings.users, rows: rows, kdf: kdf, soak: soak,
            peakKiB: peak)
    }

    /// The demo users, then generated users up to `users` in all, in batches.
    private static func fill(_ database: String, config: AppConfig, users: Int) async throws {
        let setup = try await RosterServer.open(databasePath: database, apps: [config])
        try await setup.seedDemoUsers(appId: config.appId)
        let batch = 50_000
        for first in stride(from: 0, to: users, by: batch) {
            try await setup.admin.addGeneratedUsers(appId: config.appId, first: first, count: min(batch, users - first), password: password)
        }
    }

    /// A log-in of the first generated user, and an API key of its.
    private static func credentials(base: String, appId: String) async throws -> (LoginResponse, String) {
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        do {
            let login = try await call(
                client, base + Route.login(appId: appId, provider: .emailPassword),
                body: ["username": "generated-0@example.invalid", "password": .string(password)], as: LoginResponse.self)
            let key = try await call(client, base + Route.apiKeys, body: ["name": "benchmark"], bearer: login.refreshToken, as: APIKeyResponse.self)
            try await client.shutdown()
            guard let apiKey = key.key else { throw Failure(description: "the API key was created without its key") }
            return (login, apiKey)
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    /// POSTs `body` (with a Bearer token) and decodes a 2xx answer.
    private static func call<T: Decodable>(
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
            throw Failure(description: "\(url) answered \(response.status.code): \(String(decoding: data, as: UTF8.self).prefix(200))")
        }
        return try JSONDecoder().decode(T.self, from: data)
    }
}
