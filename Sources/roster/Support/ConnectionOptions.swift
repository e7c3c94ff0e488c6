import ArgumentParser
import Foundation
import RosterCore
import RosterEmbedded
import RosterServerCore

/// The options every subcommand shares: which server, which app, where the files live.
struct ConnectionOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Base URL of a running roster-server (or $ROSTER_SERVER_URL). Without it, Roster runs its own server in-process.",
        valueName: "url"))
    var server: String?

    @Option(name: .long, help: ArgumentHelp("App id on that server (or $ROSTER_APP_ID).", valueName: "id"))
    var app: String?

    @Option(name: .long, help: ArgumentHelp("Directory for all of Roster's files (or $ROSTER_HOME).", valueName: "path"))
    var home: String?

    @Flag(name: .long, help: "Talk plain http:// to a server that is not on this machine (passwords and tokens then cross the network readable).")
    var allowInsecureHTTP = false

    /// Whether Roster talks to a server of its own process (no `--server`, no `ROSTER_SERVER_URL`),
    /// whose files sit in the same account as the device's.
    func usesEmbeddedServer(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        (server ?? environment["ROSTER_SERVER_URL"].flatMap { $0.isEmpty ? nil : $0 }) == nil
    }

    /// Why "on another device" cannot work here, in one line; nil when it can. The embedded
    /// default answers this process alone and opens no port, so no phone could reach its page.
    func deviceLoginUnavailable(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        usesEmbeddedServer(environment)
            ? "logging in on another device needs a server a phone can reach, and the embedded one opens no port: "
                + "run roster ui --listen ADDR:PORT, or roster-server serve and --server URL"
            : nil
    }

    /// Opens the app: over HTTP to `--server`, or on the embedded default.
    func openApp(environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> App {
        let paths = try self.paths(environment)
        let serverURL = server ?? environment["ROSTER_SERVER_URL"].flatMap { $0.isEmpty ? nil : $0 }
        do {
            if let serverURL {
                guard let url = URL(string: serverURL), let scheme = url.scheme, ["http", "https"].contains(scheme),
                    let host = url.host, !host.isEmpty
                else {
                    throw CommandFailure("--server must be an http:// or https:// URL, not '\(serverURL)'")
                }
                // Passwords and tokens cross in the clear over http: only to this machine, unless asked.
                if scheme == "http", !ListenAddress.isLoopback(host), !allowInsecureHTTP {
                    throw CommandFailure(
                        "--server \(serverURL) is plain http on another machine, where passwords and tokens would cross the network "
                            + "readable: use https://, or --allow-insecure-http to do it anyway")
                }
                guard let appId = app ?? environment["ROSTER_APP_ID"], !appId.isEmpty else {
                    throw CommandFailure("--server needs --app (or ROSTER_APP_ID) to say which app")
                }
                let directory = paths.deviceDirectory(server: "\(host)_\(url.port ?? (scheme == "https" ? 443 : 80))", appId: appId)
                try RosterPaths.makePrivateDirectory(directory)
                return try App(configuration: AppConfiguration(
                    appId: appId, transport: HTTPTransport(baseURL: url), directory: directory))
            }
            return try await openEmbedded(paths: paths, environment: environment)
        } catch let error as RosterError {
            throw CommandFailure(error)
        }
    }

    /// Opens the app and runs `body` with it; any failure becomes one line of words.
    func withApp<T>(_ body: (App) async throws -> T) async throws -> T {
        let app = try await openApp()
        do {
            return try await body(app)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Where Roster's files are: `--home`, else the environment's.
    func paths(_ environment: [String: String]) throws -> RosterPaths {
        do { return try RosterPaths(home: home, environment: environment) } catch { throw CommandFailure("\(error)") }
    }

    /// Where messages with tokens go, in words: a folder for the embedded default.
    func outboxDescription(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if !usesEmbeddedServer(environment) { return "the server's outbox" }
        let paths = try self.paths(environment)
        return EmbeddedDefault.outboxDirectory(paths: paths, appId: try AppConfig.demo().appId).path
    }

    /// The embedded default's outbox, which this device can read; nil with a server, which
    /// mails its messages.
    func readableOutbox(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> EmbeddedOutbox? {
        guard usesEmbeddedServer(environment) else { return nil }
        return EmbeddedOutbox(directory: EmbeddedDefault.outboxDirectory(paths: try paths(environment), appId: try AppConfig.demo().appId))
    }

    /// The embedded default, refusing an app it does not serve.
    private func openEmbedded(paths: RosterPaths, environment: [String: String]) async throws -> App {
        try await embeddedDefault(paths: paths, environment: environment).app
    }

    /// The embedded default itself, with the pages a browser opens when it is to listen on a
    /// port (`roster ui --listen`), their links starting with `publicURL` when one is given.
    func embeddedDefault(
        paths: RosterPaths, environment: [String: String] = ProcessInfo.processInfo.environment, pages: Bool = false,
        publicURL: PublicURL? = nil
    ) async throws -> EmbeddedDefault {
        let requested = app ?? environment["ROSTER_APP_ID"]
        let appId = try AppConfig.demo().appId
        if let requested, !requested.isEmpty, requested != appId {
            throw CommandFailure("the embedded server has only the app '\(appId)'; use --server for '\(requested)'")
        }
        // A person waiting on a terminal is told why the first start takes a moment; a script
        // reading the output is not.
        do {
            return try await EmbeddedDefault.open(paths: paths, pages: pages, publicURL: publicURL) {
                if isatty(STDERR_FILENO) == 1 { Terminal.printError(EmbeddedDefault.firstStartLine) }
            }
        } catch let error as RosterError {
            throw CommandFailure(error)
        }
    }
}
