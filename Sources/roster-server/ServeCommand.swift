import ArgumentParser
import Configuration
import Foundation
import RosterAdminAPI
import RosterOperations
import RosterServer
import RosterServerCore

/// `roster-server serve`: serves HTTP until SIGINT or SIGTERM. Each option may instead come from
/// a `ROSTER_*` environment variable or a settings file (see `ServerSettings`); an option given
/// here counts first.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the App Services client API over HTTP.",
        discussion: """
            Every option may instead be set by an environment variable (ROSTER_DB, ROSTER_PORT, \
            ROSTER_METRICS_PORT, ...) or a key of a settings JSON file (db, port, metrics.port, ...); \
            an option counts over a variable, a variable over the file.
            """)

    @Option(help: "A settings JSON file (or ROSTER_SETTINGS): keys db, apps, demo, host, port, publicURL, trustedProxies, metrics.port, ...")
    var settings: String?

    @Option(help: ArgumentHelp(DatabaseOption.help))
    var db: String?

    @Option(name: .customLong("config"), help: "An app configuration JSON file (repeat for several apps).")
    var configs: [String] = []

    @Option(name: .customLong("app-dir"), help: "An App Services app directory as exported (realm_config.json or root_config.json); repeat for several apps.")
    var appDirs: [String] = []

    @Option(name: .customLong("app-id"), help: "With one --app-dir: the app id when the directory has no app_id (default: the app's name).")
    var appId: String?

    @Option(help: "With --app-dir: the environment whose environments/<name>.json is read (default: the directory's own).")
    var environment: String?

    @Option(
        name: .customLong("secret"),
        help: ArgumentHelp(
            "With --app-dir: the value of a secret the app names (repeat for several); a command line can be seen by others on the machine, a secrets file cannot.",
            valueName: "NAME=VALUE"))
    var secrets: [String] = []

    @Option(help: ArgumentHelp("With --app-dir: a JSON file of the secrets the app names, {\"NAME\": \"VALUE\"}.", valueName: "file"))
    var secretsFile: String?

    @Flag(help: "Serve the built-in demo app 'roster-demo'.")
    var demo = false

    @Option(help: "The address to listen on (default 127.0.0.1).")
    var host: String?

    @Option(help: "The port to listen on; 0 picks a free one (default 9090).")
    var port: Int?

    @Flag(help: "Serve the demo app on an address other machines can reach, although its secrets are public.")
    var allowDemoOnNetwork = false

    @Option(
        name: .customLong("trusted-proxy"),
        help: "The IP address of a reverse proxy whose forwarded header names the client (repeat for several).")
    var trustedProxies: [String] = []

    @Option(
        help: ArgumentHelp(
            "The header trusted proxies name the client in: X-Forwarded-For (default) or Forwarded.", valueName: "name"))
    var forwardedHeader: String?

    @Option(
        name: .customLong("public-url"),
        help: ArgumentHelp(
            "The URL people reach the server at (https://auth.example.com): the base of every link it writes. Default: the address it listens on.",
            valueName: "url"))
    var publicURL: String?

    @Option(help: "Serve Prometheus metrics at /metrics on this port (off unless given; 0 picks a free one).")
    var metricsPort: Int?

    @Option(help: "The address the metrics port listens on (default 127.0.0.1).")
    var metricsHost: String?

    @Option(help: "The least severe log lines written to stderr: trace, debug, info (default: a line a request), notice, warning, error or critical.")
    var logLevel: String?

    @Option(
        help: ArgumentHelp(
            "What the pipelines of all data calls may hold at once, in bytes (default 33554432, 32 MiB); one call also keeps to its app's maxPipelineBytes.",
            valueName: "bytes"))
    var pipelineMemoryBytes: Int?

    @Option(help: ArgumentHelp("Console lines kept of each function run for the apps' logs (default 100).", valueName: "lines"))
    var functionRunConsoleLines: Int?

    @Option(help: ArgumentHelp("Bytes of console output kept of each function run (default 16384).", valueName: "bytes"))
    var functionRunConsoleBytes: Int?

    @Option(help: ArgumentHelp("Days each function run is kept for the apps' logs (default 10).", valueName: "days"))
    var functionRunKeptDays: Int?

    @Option(help: ArgumentHelp("Function runs kept per app, the newest (default 100000).", valueName: "runs"))
    var functionRunKeptRuns: Int?

    @Option(help: ArgumentHelp("Function runs that may wait to be written; past it a run is dropped and counted (default 10000).", valueName: "runs"))
    var functionRunQueue: Int?

    @Option(help: "With --demo: serve a web page that uses the demo app from the browser on this port, another origin (0 picks a free one).")
    var webDemoPort: Int?

    @Option(
        help: ArgumentHelp(
            "With the apps of the database: serve the Admin API on this address alone (HOST:PORT, port 0 picks a free one), not on the client API's.",
            valueName: "address"))
    var adminListen: String?

    @Option(
        help: ArgumentHelp(
            "With --admin-listen: the URL people reach the Admin API at (https://admin.example.com), the base of error answers' links into an app's log. Default: the address it listens on; none on 0.0.0.0 or ::.",
            valueName: "url"))
    var adminPublicURL: String?

    /// The options given, by their settings keys: an option not given leaves the key to the
    /// environment and the settings file.
    var givenOptions: [SettingKey: ConfigContent] {
        var given: [SettingKey: ConfigContent] = [:]
        given[.settings] = settings.map { .string($0) }
        given[.db] = db.map { .string($0) }
        if !configs.isEmpty { given[.apps] = .stringArray(configs) }
        if !appDirs.isEmpty { given[.appDirs] = .stringArray(appDirs) }
        given[.appId] = appId.map { .string($0) }
        given[.environment] = environment.map { .string($0) }
        given[.secretsFile] = secretsFile.map { .string($0) }
        if demo { given[.demo] = .bool(true) }
        given[.host] = host.map { .string($0) }
        given[.port] = port.map { .int($0) }
        if allowDemoOnNetwork { given[.allowDemoOnNetwork] = .bool(true) }
        if !trustedProxies.isEmpty { given[.trustedProxies] = .stringArray(trustedProxies) }
        given[.forwardedHeader] = forwardedHeader.map { .string($0) }
        given[.publicURL] = publicURL.map { .string($0) }
        given[.metricsPort] = metricsPort.map { .int($0) }
        given[.metricsHost] = metricsHost.map { .string($0) }
        given[.logLevel] = logLevel.map { .string($0) }
        given[.pipelineMemoryBytes] = pipelineMemoryBytes.map { .int($0) }
        given[.webDemoPort] = webDemoPort.map { .int($0) }
        given[.functionRunConsoleLines] = functionRunConsoleLines.map { .int($0) }
        given[.functionRunConsoleBytes] = functionRunConsoleBytes.map { .int($0) }
        given[.functionRunKeptDays] = functionRunKeptDays.map { .int($0) }
        given[.functionRunKeptRuns] = functionRunKeptRuns.map { .int($0) }
        given[.functionRunQueued] = functionRunQueue.map { .int($0) }
        return given
    }

    func run() async throws {
        DescriptorLimit.raise()
        let settings = try await ServerSettings.resolve(options: givenOptions, environment: ProcessInfo.processInfo.environment)
        ServerLogLevel.current = settings.logLevel
        let metrics = settings.metricsPort.map { port in
            let metricsHost = settings.metricsHost
            let shown = metricsHost.contains(":") ? "[\(metricsHost)]" : metricsHost
            return MetricsEndpoint.bootstrap(host: metricsHost, port: port) { bound in
                FileHandle.standardOutput.write(Data("roster-server metrics on http://\(shown):\(bound)\(MetricsEndpoint.path)\n".utf8))
            }
        }
        let configured: [AppConfig]
        switch settings.apps {
        case .demo: configured = [try AppOptions.demoApp().allowing(webDemoOrigin: settings.webDemoPort.flatMap { PublicURL.listening(host: settings.host, port: $0) })]
        case .files(let paths): configured = try paths.map(AppOptions.loadApp)
        case .database: configured = []
        }
        if adminListen != nil, settings.apps != .database {
            throw CommandFailure("--admin-listen is for the apps of the database: serve without --config, --app-dir or --demo")
        }
        let adminAddress = try adminListen.map(AdminListenAddress.init)
        if adminPublicURL != nil, adminAddress == nil {
            throw CommandFailure("--admin-public-url is for an Admin API on its own address (--admin-listen); beside the client API it uses --public-url")
        }
        let adminBase: PublicURL?
        do { adminBase = try adminPublicURL.map { try PublicURL(parsing: $0) } } catch { throw CommandFailure("--admin-public-url: \(error)") }
        if secrets.isEmpty == false, settings.appDirectories.isEmpty {
            throw CommandFailure("--secret is for an app directory: serve one with --app-dir DIR")
        }
        let directories = try AppDirectoryApps.load(settings, secretArguments: secrets)
        let apps = configured + directories.configs
        for (appId, lines) in directories.notServed {
            for line in lines { FileHandle.standardOutput.write(Data("app \(appId): \(line)\n".utf8)) }
        }
        let adminAPI = settings.apps == .database ? AdminAPI() : nil
        let server = try await AppOptions.open(db: settings.database, apps: apps, serving: settings, additions: adminAPI.map { [$0] } ?? [])
        let hosted = adminAPI?.apps
        try await hosted?.serveAll()
        // Apps made or changed by another server process over the same database are served here
        // within a second.
        let following = hosted.map { hosted in Task { await hosted.follow(every: .seconds(1)) } }
        defer { following?.cancel() }
        let adminPaths = ServedPaths { _, path in AdminAPIVersion.serves(path) }
        if settings.apps == .demo { try await server.seedDemoUsers(appId: apps[0].appId) }
        let (host, port) = (settings.host, settings.port)
        let shown = host.contains(":") ? "[\(host)]" : host
        let webDemo = settings.webDemoPort.map { webDemoPort in
            WebDemoEndpoint(host: host, port: webDemoPort, appId: apps[0].appId) { bound in
                FileHandle.standardOutput.write(Data("roster-server web demo on http://\(shown):\(bound)/ (open it in a browser)\n".utf8))
            }
        }
        // The links into the Admin API's logs point at its public URL, else at its own address
        // once it listens there.
        if adminAddress != nil { adminAPI?.servedAlone(at: adminBase) }
        do {
            let alongside = adminAddress.map { address in
                let shownAdmin = address.host.contains(":") ? "[\(address.host)]" : address.host
                return Listener(host: address.host, port: address.port, only: adminPaths) { bound in
                    let base = adminBase ?? PublicURL.listening(host: address.host, port: bound)
                    adminAPI?.servedAlone(at: base)
                    FileHandle.standardOutput.write(Data("roster-server Admin API on http://\(shownAdmin):\(bound)\(AdminAPIVersion.path)\n".utf8))
                    FileHandle.standardOutput.write(Data(Self.adminLinksLine(base, given: adminBase != nil).utf8))
                }
            }
            try await server.serve(
                host: host, port: port, only: adminAddress.map { _ in ServedPaths { method, path in !adminPaths.serves(method, path) } },
                alongside: alongside.map { [$0] } ?? [], shutdownOn: [.interrupt, .terminate], metrics: metrics, webDemo: webDemo
            ) { bound in
                FileHandle.standardOutput.write(Data("roster-server listening on http://\(shown):\(bound)\n".utf8))
                if let base = settings.publicURL {
                    FileHandle.standardOutput.write(Data("links start with \(base) (publicURL)\n".utf8))
                } else if let base = PublicURL.listening(host: host, port: bound) {
                    FileHandle.standardOutput.write(
                        Data("links start with \(base), the address listened on (publicURL sets the one people use)\n".utf8))
                }
                for app in apps {
                    if let outbox = server.outboxDescription(appId: app.appId) {
                        FileHandle.standardOutput.write(Data("confirmation and reset messages for \(app.appId) go to \(outbox)\n".utf8))
                    }
                }
            }
        } catch {
            throw CommandFailure("cannot serve on \(host):\(port): \(error)")
        }
    }

    /// What the Admin API's links into an app's log start with, said once it listens: its public
    /// URL, the address it listens on, or none when that is every interface and none was given.
    static func adminLinksLine(_ base: PublicURL?, given: Bool) -> String {
        guard let base else {
            return "Admin API links: none, as it listens on every interface (--admin-public-url sets the one people use)\n"
        }
        return given
            ? "Admin API links start with \(base) (--admin-public-url)\n"
            : "Admin API links start with \(base), the address listened on (--admin-public-url sets the one people use)\n"
    }
}
