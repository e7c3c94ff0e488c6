import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A roster-server serving the demo app and its users on a loopback port, for tests where a
/// browser (or another process) reaches it over real HTTP. Serving stops when `body` ends.
///
///     try await DeviceLoginOnLoopback.with { server in
///         let started = try await server.terminal.start(client: "roster", terminal: "lab-3")
///     }
struct DeviceLoginOnLoopback {
    let test: TestServer
    let base: String

    var clock: TestClock { test.clock }
    var terminal: DeviceTerminal { DeviceTerminal(base: base, appId: test.appId) }

    static func with<Result>(store: StoreKind = .sqlite, _ body: (DeviceLoginOnLoopback) async throws -> Result) async throws -> Result {
        var config = try AppConfig.demo()
        config.passwordHashing = PasswordHashingConfig(logN: 10, r: 8, p: 1)
        let test = try await TestServer.make(config, store: store)
        try await test.server.seedDemoUsers(appId: test.appId)
        let (port, serving) = try await serveOnLoopback(test.server)
        defer { serving.cancel() }
        return try await body(DeviceLoginOnLoopback(test: test, base: "http://127.0.0.1:\(port)"))
    }
}

/// The terminal's side of device log-in over HTTP: start, poll, and read the profile of the
/// user the poll logged in.
struct DeviceTerminal {
    let base: String
    let appId: String

    struct LoggedIn {
        var accessToken: String
        var userId: String
        var provider: String?
    }

    var device: String { "\(base)\(Route.app(appId))/auth/device" }

    func start(client: String, terminal: String) async throws -> DeviceStarted {
        let response = try await send("POST", "\(device)/start", json: ["client": .string(client), "terminal": .string(terminal)])
        guard response.status == 200 else { throw TestServer.Unexpected(response: response) }
        return try JSONDecoder().decode(DeviceStarted.self, from: response.body)
    }

    func poll(_ deviceCode: String) async throws -> WireResponse {
        try await send("POST", "\(device)/poll", json: ["device_code": .string(deviceCode)])
    }

    /// Polls once and expects the log-in answer.
    func loggedIn(_ deviceCode: String) async throws -> LoggedIn {
        let response = try await poll(deviceCode)
        guard response.status == 200 else { throw TestServer.Unexpected(response: response) }
        let login = try response.decoded(LoginResponse.self)
        guard case .string(let provider)? = response.json?["provider_type"] else {
            return LoggedIn(accessToken: login.accessToken, userId: login.userId, provider: nil)
        }
        return LoggedIn(accessToken: login.accessToken, userId: login.userId, provider: provider)
    }

    func profile(_ accessToken: String) async throws -> ProfileResponse {
        let response = try await send("GET", base + Route.profile, bearer: accessToken)
        guard response.status == 200 else { throw TestServer.Unexpected(response: response) }
        return try response.decoded(ProfileResponse.self)
    }

    func send(_ method: String, _ url: String, json: JSONValue? = nil, bearer: String? = nil) async throws -> WireResponse {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        request.httpBody = json?.data
        let (data, response) = try await URLSession.shared.data(for: request)
        return WireResponse(status: (response as! HTTPURLResponse).statusCode, headers: [:], body: data)
    }
}
