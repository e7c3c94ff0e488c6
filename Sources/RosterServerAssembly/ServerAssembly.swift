import RosterFunctions
import RosterPages
import RosterPostgres
import RosterServer
import RosterServerCore

/// The whole server as `roster-server` runs it: the store a database path names (an SQLite file,
/// or PostgreSQL for a `postgres://` URL) and the pages beside the client API.
///
///     let server = try await ServerAssembly.open(databasePath: "postgres://roster@db/roster", apps: [config])
public enum ServerAssembly {
    /// Opens (creating, migrating) the store at `databasePath` and serves `apps` with the pages,
    /// and the routes of `additions` (the Admin API) beside them.
    package static func open(
        databasePath: String, apps configs: [AppConfig], environment: ServerEnvironment = .live, additions: [any RouteAddition]
    ) async throws -> RosterServer {
        var environment = environment
        // JavaScript functions run on the process's Node.js workers unless a runtime is given.
        if environment.functionRuntime == nil { environment.functionRuntime = NodeFunctionRuntime.shared }
        if PostgresLocation.isURL(databasePath) {
            let store = try await PostgresServerStore(
                url: databasePath, keepsConnectionsOpen: environment.keepsDatabaseConnectionsOpen, logger: environment.logger)
            return try await RosterServer.open(store: store, apps: configs, environment: environment, additions: [PageRoutes()] + additions)
        }
        return try await RosterServer.open(
            store: try SQLiteServerStore(path: databasePath), apps: configs, environment: environment.outboxBeside(file: databasePath),
            additions: [PageRoutes()] + additions)
    }

    /// Opens (creating, migrating) the store at `databasePath` and serves `apps` with the pages.
    public static func open(
        databasePath: String, apps configs: [AppConfig], environment: ServerEnvironment = .live
    ) async throws -> RosterServer {
        try await open(databasePath: databasePath, apps: configs, environment: environment, additions: [])
    }

    /// Whether `databasePath` names a PostgreSQL database (`postgres://…`) rather than a file.
    public static func isDatabaseURL(_ databasePath: String) -> Bool {
        PostgresLocation.isURL(databasePath)
    }
}
