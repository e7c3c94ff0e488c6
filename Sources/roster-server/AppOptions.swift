import ArgumentParser
import Foundation
import RosterServer

/// Which database and app a command works on: `--db PATH (--config FILE | --demo)`.
struct AppOptions: ParsableArguments {
    @Option(name: .long, help: "The server's SQLite database file (created if missing).")
    var db: String

    @Option(name: .long, help: "An app configuration JSON file.")
    var config: String?

    @Flag(name: .long, help: "Serve the built-in demo app 'roster-demo'.")
    var demo = false

    func validate() throws {
        guard (config != nil) != demo else { throw ValidationError("give exactly one of --config FILE or --demo") }
    }

    func appConfig() throws -> AppConfig {
        do {
            if let config { return try AppConfig.load(from: URL(fileURLWithPath: config)) }
            return try AppConfig.demo()
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// Opens the database for the configured app.
    func open() async throws -> (RosterServer, AppConfig) {
        let app = try appConfig()
        let directory = URL(fileURLWithPath: db).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        do {
            return (try await RosterServer.open(databasePath: db, apps: [app]), app)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
