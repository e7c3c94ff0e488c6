import Configuration
import Logging
import RosterServer
import RosterServerAssembly
import RosterServerCore

/// What `roster-server serve` runs with, each setting taken from the first place that gives it:
/// the command-line option, else the `ROSTER_*` environment variable, else the settings file
/// (`--settings FILE` or `ROSTER_SETTINGS`), else the default.
///
///     let settings = try await ServerSettings.resolve(options: [.port: .int(8080)], environment: environment)
struct ServerSettings: Equatable, Sendable {
    /// Which apps are served.
    enum Apps: Equatable, Sendable {
        /// The built-in demo app, `roster-demo`.
        case demo
        /// The apps of these configuration files.
        case files([String])
        /// The apps the database holds, made and changed through the Admin API.
        case database
    }

    /// The SQLite file or PostgreSQL URL (which may hold a password: never print it whole).
    var database: String
    var apps: Apps
    var host = "127.0.0.1"
    var port = 9090
    var allowDemoOnNetwork = false
    var trustedProxies: [String] = []
    /// The one header trusted proxies name the client in.
    var forwardedHeader = ForwardedHeader.xForwardedFor
    /// The base of every link the server writes; without it, the address it listens on.
    var publicURL: PublicURL?
    /// The metrics port, when metrics are served.
    var metricsPort: Int?
    var metricsHost = "127.0.0.1"
    /// The least severe log lines written: at `info`, one line a request; at `warning`, none.
    var logLevel = Logger.Level.info
    /// What the pipelines of all data calls may hold at once.
    var pipelineMemoryBytes = ServerEnvironment.defaultPipelineMemory
    /// What is kept of the apps' function runs for their logs.
    var functionRunBudget = FunctionRunBudget()
    /// The web demo's port, when the demo app's page is served (on `host`, another origin).
    var webDemoPort: Int?
    /// App Services app directories served beside the configuration files.
    var appDirectories: [String] = []
    /// The app id of the one app directory that has no `app_id`.
    var appDirectoryAppId: String?
    /// The environment of the app directories (`environments/<name>.json`).
    var environment: String?
    /// The JSON file of the secrets the app directories name.
    var secretsFile: String?

    static func resolve(options: [SettingKey: ConfigContent], environment: [String: String]) async throws -> ServerSettings {
        var sources = [SettingsSource.options(options), .environment(environment)]
        if let (path, _) = try await first(.settings, in: sources, { try await $0.string($1) }) {
            sources.append(try await .file(path))
        }
        guard let (database, databaseSource) = try await first(.db, in: sources, { try await $0.string($1) }) else {
            throw SettingsError("no database: give --db PATH, ROSTER_DB or the settings file's db (an SQLite file or a postgres:// URL)")
        }
        let (apps, appDirectories) = try await apps(in: sources)
        var settings = ServerSettings(
            database: ServerAssembly.isDatabaseURL(database) ? database : databaseSource.path(database), apps: apps)
        settings.appDirectories = appDirectories
        try await settings.resolveAppDirectoryOptions(in: sources)
        if let (host, _) = try await first(.host, in: sources, { try await $0.string($1) }) { settings.host = host }
        if let (port, source) = try await first(.port, in: sources, { try await $0.int($1) }) {
            settings.port = try checkPort(port, source.name(of: .port))
        }
        if let (allow, _) = try await first(.allowDemoOnNetwork, in: sources, { try await $0.bool($1) }) { settings.allowDemoOnNetwork = allow }
        if let (proxies, source) = try await first(.trustedProxies, in: sources, { try await $0.strings($1) }) {
            for proxy in proxies where !ListenAddress.isIPAddress(proxy) {
                throw SettingsError("\(source.name(of: .trustedProxies)) takes an IP address, such as 10.0.0.2 or ::1; '\(proxy)' is not one")
            }
            settings.trustedProxies = proxies
        }
        if let (name, source) = try await first(.forwardedHeader, in: sources, { try await $0.string($1) }) {
            guard let header = ForwardedHeader.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
                throw SettingsError("\(source.name(of: .forwardedHeader)) takes X-Forwarded-For or Forwarded; '\(name.prefix(100))' is not one")
            }
            settings.forwardedHeader = header
        }
        if let (text, source) = try await first(.publicURL, in: sources, { try await $0.string($1) }) {
            do {
                settings.publicURL = try PublicURL(parsing: text)
            } catch {
                throw SettingsError("\(source.name(of: .publicURL)): \(error)")
            }
        }
        if let (port, source) = try await first(.metricsPort, in: sources, { try await $0.int($1) }) {
            settings.metricsPort = try checkPort(port, source.name(of: .metricsPort))
        }
        if let (host, _) = try await first(.metricsHost, in: sources, { try await $0.string($1) }) { settings.metricsHost = host }
        if let (level, source) = try await first(.logLevel, in: sources, { try await $0.string($1) }) {
            guard let known = Logger.Level(rawValue: level) else {
                let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
                throw SettingsError("\(source.name(of: .logLevel)) takes one of \(levels); '\(level)' is not one")
            }
            settings.logLevel = known
        }
        if let (bytes, source) = try await first(.pipelineMemoryBytes, in: sources, { try await $0.int($1) }) {
            guard (1 << 20...1 << 40).contains(bytes) else {
                throw SettingsError("\(source.name(of: .pipelineMemoryBytes)) takes a number of bytes from 1048576 (1 MiB) to 1099511627776 (1 TiB); '\(bytes)' is not one")
            }
            settings.pipelineMemoryBytes = bytes
        }
        try await settings.resolveFunctionRunBudget(in: sources)
        if let (port, source) = try await first(.webDemoPort, in: sources, { try await $0.int($1) }) {
            let name = source.name(of: .webDemoPort)
            settings.webDemoPort = try checkPort(port, name)
            guard settings.apps == .demo else {
                throw SettingsError("\(name) serves the demo app's web page: serve the demo app (--demo) with it")
            }
            // A page on the API's own origin would show nothing about calling it from another.
            if port != 0, port == settings.port {
                throw SettingsError("\(name) takes a port other than the API's (\(settings.port)): the page is served on an origin of its own")
            }
            if port != 0, port == settings.metricsPort {
                throw SettingsError("\(name) takes a port other than the metrics' (\(port))")
            }
        }
        // The demo's passwords and signing key are in Roster's source: on the network, anyone
        // could log in as its users.
        if settings.apps == .demo, !settings.allowDemoOnNetwork, !ListenAddress.isLoopback(settings.host) {
            throw SettingsError(
                "the demo app's passwords are public, so it is served on this machine only: use --host 127.0.0.1, "
                    + "or --allow-demo-on-network to serve it on \(settings.host) anyway")
        }
        if settings.publicURL == nil, PublicURL.listening(host: settings.host, port: max(settings.port, 1)) == nil {
            throw SettingsError(
                "listening on \(settings.host) names no address people can open: give the public URL the server's links start with "
                    + "(--public-url, ROSTER_PUBLIC_URL or the settings file's publicURL)")
        }
        return settings
    }

    /// The app choice is one setting: the first place that names apps (configuration files, app
    /// directories or both) or the demo decides it.
    private static func apps(in sources: [SettingsSource]) async throws -> (Apps, [String]) {
        for source in sources {
            let files = try await source.strings(.apps) ?? []
            let directories = try await source.strings(.appDirs) ?? []
            let demo = try await source.bool(.demo) ?? false
            switch (files.isEmpty && directories.isEmpty, demo) {
            case (false, true):
                let named = files.isEmpty ? source.name(of: .appDirs, and: .demo) : source.name(of: .apps, and: .demo)
                throw SettingsError("\(named) both choose the app: give one of them")
            case (false, false): return (.files(files.map(source.path)), directories.map(source.path))
            case (true, true): return (.demo, [])
            case (true, false): continue
            }
        }
        return (.database, [])
    }

    /// `appId`, `environment` and `secretsFile`, which speak of the app directories only;
    /// `appId` of one.
    private mutating func resolveAppDirectoryOptions(in sources: [SettingsSource]) async throws {
        for key in [SettingKey.appId, .environment, .secretsFile] {
            guard let (value, source) = try await Self.first(key, in: sources, { try await $0.string($1) }) else { continue }
            guard !appDirectories.isEmpty else {
                throw SettingsError("\(source.name(of: key)) is for an app directory: serve one with --app-dir DIR")
            }
            switch key {
            case .appId:
                guard appDirectories.count == 1 else {
                    throw SettingsError("\(source.name(of: key)) names the app of one app directory; \(appDirectories.count) are served")
                }
                appDirectoryAppId = value
            case .environment: environment = value
            default: secretsFile = source.path(value)
            }
        }
    }

    /// The function-run budget's settings (`functionRuns.*`), each a whole number in its range.
    private mutating func resolveFunctionRunBudget(in sources: [SettingsSource]) async throws {
        let settings: [(SettingKey, WritableKeyPath<FunctionRunBudget, Int>, ClosedRange<Int>, String)] = [
            (.functionRunConsoleLines, \.consoleLines, 0...10_000, "console lines kept per run"),
            (.functionRunConsoleBytes, \.consoleBytes, 0...1 << 20, "bytes of console output kept per run"),
            (.functionRunKeptDays, \.keptDays, 1...3_650, "days a run is kept"),
            (.functionRunKeptRuns, \.keptRunsPerApp, 1...100_000_000, "runs kept per app"),
            (.functionRunQueued, \.queued, 1...1_000_000, "runs waiting to be written"),
        ]
        for (key, field, range, what) in settings {
            guard let (value, source) = try await Self.first(key, in: sources, { try await $0.int($1) }) else { continue }
            guard range.contains(value) else {
                throw SettingsError(
                    "\(source.name(of: key)) takes the \(what), a whole number from \(range.lowerBound) to \(range.upperBound); '\(value)' is not one")
            }
            functionRunBudget[keyPath: field] = value
        }
    }

    /// The value of `key` from the first source that has one, with that source.
    private static func first<Value>(
        _ key: SettingKey, in sources: [SettingsSource], _ read: (SettingsSource, SettingKey) async throws -> Value?
    ) async throws -> (Value, SettingsSource)? {
        for source in sources {
            if let value = try await read(source, key) { return (value, source) }
        }
        return nil
    }

    private static func checkPort(_ port: Int, _ name: String) throws -> Int {
        guard (0...65535).contains(port) else { throw SettingsError("\(name) takes a port from 0 to 65535; '\(port)' is not one") }
        return port
    }
}
