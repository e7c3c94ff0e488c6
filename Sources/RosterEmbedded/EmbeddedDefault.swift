import Foundation
import RosterCore
import RosterPages
import RosterServer
import RosterServerCore

/// The embedded default: RosterServer in-process over SQLite in the data directory, seeded
/// with the demo app on first start, and the device directory that goes with it. No port is
/// opened unless asked (`listen`, for the phone's page of a log-in on another device).
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
    /// With `pages`, the server also has the pages a browser opens (the device page), to serve
    /// them on a port with `listen`; `publicURL` is where people open them, when the address
    /// listened on is not.
    public static func open(paths: RosterPaths, pages: Bool = false, publicURL: PublicURL? = nil, firstStart: () -> Void = {}) async throws
        -> EmbeddedDefault
    {
        let config = try AppConfig.demo()
        let database = paths.embeddedServerDatabase
        if !FileManager.default.fileExists(atPath: database.path) { firstStart() }
        try RosterPaths.makePrivateDirectory(database.deletingLastPathComponent())
        var environment = ServerEnvironment.live
        environment.publicURL = publicURL
        let server = try await RosterServer.open(
            store: try SQLiteServerStore(path: database.path), apps: [config], environment: environment.outboxBeside(file: database.path),
            additions: pages ? [PageRoutes()] : [])
        try await server.seedDemoUsers(appId: config.appId)
        let directory = paths.deviceDirectory(server: "embedded", appId: config.appId)
        try RosterPaths.makePrivateDirectory(directory)
        let app = try App(configuration: AppConfiguration(
            appId: config.appId, transport: InProcessTransport(respond: { await server.respond(to: $0) }, open: { await server.open($0) }), directory: directory))
        return EmbeddedDefault(server: server, config: config, app: app)
    }
}

extension EmbeddedDefault {
    /// Serves the embedded server over HTTP on `host:port` (0: any free port) until the returned
    /// listener is stopped; throws, in words, when it cannot listen there.
    public func listen(host: String, port: Int) async throws -> EmbeddedListener {
        let (bound, announce) = AsyncStream<Int>.makeStream()
        let server = self.server
        let serving = Task {
            defer { announce.finish() }
            try await server.serve(host: host, port: port, only: ServedPaths(PhonePaths.serves)) { announce.yield($0) }
        }
        for await port in bound {
            // The page's address as the server writes it in its own links (`verification_uri`).
            return EmbeddedListener(port: port, pageURL: server.inProcessBase.text + DeviceLoginService.pagePath, serving: serving)
        }
        // It stopped before it listened: the reason is the task's failure.
        do {
            try await serving.value
        } catch {
            throw EmbeddedListenFailure(description: "cannot listen on \(host):\(port): \(error)")
        }
        throw EmbeddedListenFailure(description: "cannot listen on \(host):\(port)")
    }
}

/// The embedded server answering on a port besides this process.
public struct EmbeddedListener: Sendable {
    /// The port it listens on.
    public let port: Int
    /// The page a phone opens for a log-in on another device.
    public let pageURL: String
    let serving: Task<Void, any Error>

    /// Stops listening.
    public func stop() {
        serving.cancel()
    }
}

/// Why the embedded server could not listen, in words.
public struct EmbeddedListenFailure: Error, CustomStringConvertible {
    public let description: String
}
