import Foundation
import RosterCore
import RosterServer
import RosterServerCore

/// The embedded default: RosterServer in-process over SQLite in the data directory, seeded
/// with the demo app on first start, and the device directory that goes with it. No port is
/// opened.
public struct EmbeddedDefault: Sendable {
    public let server: RosterServer
    public let config: AppConfig
    public let app: App

    /// Where the embedded server leaves confirmation and reset messages for an app.
    public static func outboxDirectory(paths: RosterPaths, appId: String) -> URL {
        paths.embeddedServerDatabase.deletingLastPathComponent().appendingPathComponent("outbox").appendingPathComponent(appId)
    }

    /// What a first start says while it makes the server's store and seeds the demo app.
    public static let firstStartLine = "Preparing the demo app (first start)…"

    /// Opens the embedded default; `firstStart` is called once, before the work, when there is
    /// no store yet to open.
    public static func open(paths: RosterPaths, firstStart: () -> Void = {}) async throws -> EmbeddedDefault {
        let config = try AppConfig.demo()
        let database = paths.embeddedServerDatabase
        if !FileManager.default.fileExists(atPath: database.path) { firstStart() }
        try RosterPaths.makePrivateDirectory(database.deletingLastPathComponent())
        let server = try await RosterServer.open(sqliteFile: database.path, apps: [config])
        try await server.seedDemoUsers(appId: config.appId)
        let directory = paths.deviceDirectory(server: "embedded", appId: config.appId)
        try RosterPaths.makePrivateDirectory(directory)
        let app = try App(configuration: AppConfiguration(
            appId: config.appId, transport: InProcessTransport(respond: { await server.respond(to: $0) }, open: { await server.open($0) }), directory: directory))
        return EmbeddedDefault(server: server, config: config, app: app)
    }
}
