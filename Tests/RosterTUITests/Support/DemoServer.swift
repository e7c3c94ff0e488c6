import Foundation
import RosterCore
import RosterServer
import RosterServerAssembly
import RosterServerCore

/// A clock that stands still, shared by the server and the device.
struct FixedClock: RosterClock {
    let date: Date
    func now() -> Date { date }
    func sleep(for seconds: TimeInterval) async throws {}
}

/// A real RosterServer in-process over a temporary SQLite file, seeded with the demo users,
/// and an App over a temporary device directory talking to it without a port.
struct DemoServer {
    let directory: URL
    let server: RosterServer
    let appId: String
    let clock: any RosterClock
    let app: App

    static func start(clock: any RosterClock = SystemClock(), configure: (inout AppConfig) -> Void = { _ in }) async throws -> DemoServer {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roster-tui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var config = try AppConfig.demo()
        config.passwordHashing = PasswordHashingConfig(logN: 10, r: 8, p: 1)
        configure(&config)
        let server = try await ServerAssembly.open(
            databasePath: root.appendingPathComponent("server.sqlite").path, apps: [config],
            environment: ServerEnvironment(now: { clock.now() }))
        try await server.seedDemoUsers(appId: config.appId)
        let app = try App(configuration: AppConfiguration(
            appId: config.appId, transport: InProcessTransport(respond: { await server.respond(to: $0) }, open: { await server.open($0) }),
            directory: root.appendingPathComponent("device"), clock: clock))
        return DemoServer(directory: root, server: server, appId: config.appId, clock: clock, app: app)
    }

    /// Another App over the same device directory, as a second `roster` process would open.
    func secondDevice() throws -> App {
        let server = server
        return try App(configuration: AppConfiguration(
            appId: appId, transport: InProcessTransport(respond: { await server.respond(to: $0) }, open: { await server.open($0) }),
            directory: directory.appendingPathComponent("device"), clock: clock))
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
