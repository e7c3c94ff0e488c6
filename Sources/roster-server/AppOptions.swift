import ArgumentParser
import Foundation
import RosterServer
import RosterServerAssembly
import RosterServerCore

/// Which database and app a command works on: `--db PATH (--config FILE | --demo)`.
struct AppOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(DatabaseOption.help))
    var db: String

    @Option(name: .long, help: "An app configuration JSON file.")
    var config: String?

    @Flag(name: .long, help: "Serve the built-in demo app 'roster-demo'.")
    var demo = false

    func validate() throws {
        guard !(config != nil && demo) else { throw ValidationError("give exactly one of --config FILE or --demo") }
    }

    /// The app named; the commands about operators name none.
    func appConfig() throws -> AppConfig {
        guard config != nil || demo else { throw ValidationError("give exactly one of --config FILE or --demo") }
        if let config { return try Self.loadApp(config) }
        return try Self.demoApp()
    }

    /// The app configuration at `path`.
    static func loadApp(_ path: String) throws -> AppConfig {
        do {
            let loaded = try AppConfig.load(from: URL(fileURLWithPath: path))
            warnIfReadableByOthers(path, loaded)
            return loaded
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// The built-in demo app.
    static func demoApp() throws -> AppConfig {
        do { return try AppConfig.demo() } catch { throw CommandFailure("\(error)") }
    }

    /// A configuration with secrets that others on the machine can read is said so on stderr
    /// (the secrets are already exposed; refusing to start would not take that back).
    private static func warnIfReadableByOthers(_ path: String, _ config: AppConfig) {
        guard config.holdsSecrets, let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int,
            mode & 0o077 != 0
        else { return }
        FileHandle.standardError.write(Data(
            "roster-server: warning: \(path) holds secrets and others can read it; make it owner-only (chmod 600 \(path))\n".utf8))
    }

    /// Opens the database for the configured app.
    func open() async throws -> (RosterServer, AppConfig) {
        let app = try appConfig()
        return (try await Self.open(db: db, apps: [app]), app)
    }

    /// Opens the database `db` (an SQLite file, its folder made if missing, or a PostgreSQL URL)
    /// serving `apps`.
    /// `serving`: the settings of `serve`, whose PostgreSQL pool keeps its connections open and
    /// which believes its trusted proxies and links to its public URL; admin commands open their
    /// connections on demand.
    static func open(db: String, apps: [AppConfig], serving: ServerSettings? = nil, additions: [any RouteAddition] = []) async throws
        -> RosterServer
    {
        if !ServerAssembly.isDatabaseURL(db) {
            let directory = URL(fileURLWithPath: db).deletingLastPathComponent()
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        do {
            var environment = ServerEnvironment.live
            // A command keeps its triggers' events (a user it deletes) for the servers to run.
            environment.runsTriggers = serving != nil
            if let serving {
                environment.trustedProxies = Set(serving.trustedProxies)
                environment.forwardedHeader = serving.forwardedHeader
                environment.publicURL = serving.publicURL
                environment.keepsDatabaseConnectionsOpen = true
                environment.pipelineMemoryBytes = serving.pipelineMemoryBytes
                environment.functionRunBudget = serving.functionRunBudget
            }
            return try await ServerAssembly.open(databasePath: db, apps: apps, environment: environment, additions: additions)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
