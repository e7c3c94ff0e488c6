import Foundation
import RosterServer
import RosterServerAssembly
import RosterServerCore
import RosterWire
import Testing

@testable import RosterCore

/// A real RosterServer in-process over a temporary SQLite file, seeded with the demo users, a
/// test clock shared by server and device, and Apps over a temporary device directory.
struct Fixture {
    static let joe = Credentials.emailPassword(email: "joe@example.com", password: "passw0rd")
    static let emma = Credentials.emailPassword(email: "emma@example.com", password: "pa55word")

    let server: RosterServer
    let clock: TestClock
    /// Deleted with the last copy of the fixture.
    let temporary: TemporaryDirectory
    var root: URL { temporary.url }
    let directory: URL
    let transport: TestTransport
    let appId: String

    static func start(configure: (inout AppConfig) -> Void = { _ in }) async throws -> Fixture {
        let temporary = try TemporaryDirectory()
        let root = temporary.url
        let clock = TestClock()
        var config = try AppConfig.demo()
        config.passwordHashing = PasswordHashingConfig(logN: 10, r: 8, p: 1)
        configure(&config)
        let environment = ServerEnvironment(now: { clock.now() })
        let server = try await ServerAssembly.open(
            databasePath: root.appendingPathComponent("server.sqlite").path, apps: [config], environment: environment)
        try await server.seedDemoUsers(appId: config.appId)
        let transport = TestTransport(InProcessTransport { await server.respond(to: $0) })
        return Fixture(
            server: server, clock: clock, temporary: temporary, directory: root.appendingPathComponent("device"),
            transport: transport, appId: config.appId)
    }

    /// An App over the fixture's device directory (or another one), through the recording
    /// transport, on the shared test clock unless told otherwise.
    func makeApp(
        directory: URL? = nil, transport: (any Transport)? = nil, clock: (any RosterClock)? = nil,
        refreshMargin: TimeInterval = 60, store: (any DeviceStore)? = nil
    ) throws -> App {
        var configuration = AppConfiguration(
            appId: appId, transport: transport ?? self.transport, directory: directory ?? self.directory,
            clock: clock ?? self.clock, refreshMargin: refreshMargin)
        // PIN-derived keys at a test cost: the real one is slow on purpose.
        configuration.secretKeyDerivation = SecretKeyDerivation(logN: 8, r: 8, p: 1)
        if let store { return try App(configuration: configuration, store: store) }
        return try App(configuration: configuration)
    }

    /// A fresh recording transport to the same server, e.g. for a second "process".
    func makeTransport() -> TestTransport {
        let server = server
        return TestTransport(InProcessTransport { await server.respond(to: $0) })
    }

    /// Whether the server still takes this refresh token, asked straight, not through
    /// RosterCore: 200 while the session lives, 401 once it is revoked. It asks a route that
    /// takes the refresh token without refreshing (the API keys), so the demo app's rotation
    /// does not replace the token a device holds.
    func refreshStatus(_ refreshToken: String) async -> Int {
        let response = await server.respond(to: WireRequest(
            method: .get, path: Route.apiKeys, headers: ["authorization": "Bearer \(refreshToken)"]))
        return response.status
    }

    /// The server's id for a demo user.
    func serverUserId(_ email: String) async throws -> String {
        let user = try await server.admin.findUser(appId: appId, idOrEmail: email)
        return try #require(user).id
    }
}

extension RosterError {
    var isNetwork: Bool {
        if case .network = self { return true }
        return false
    }
}

/// The error a throwing call threw, as a RosterError.
func rosterError(_ body: () async throws -> some Any) async -> RosterError? {
    do {
        _ = try await body()
        return nil
    } catch let error as RosterError {
        return error
    } catch {
        Issue.record("expected a RosterError, got \(error)")
        return nil
    }
}
