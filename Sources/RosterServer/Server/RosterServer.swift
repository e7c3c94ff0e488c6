import Foundation
import Hummingbird
import Logging
import Prometheus
import RosterDocuments
import RosterWire
import ServiceLifecycle
import UnixSignals

/// The Roster auth server: the App Services client API over an SQLite store, served in-process
/// (`respond(to:)`, no port) or over HTTP (`serve`), from one router.
///
///     let server = try await RosterServer.open(databasePath: path, apps: [try AppConfig.demo()])
///     try await server.seedDemoUsers(appId: "roster-demo")
///     let response = await server.respond(to: WireRequest(method: .get, path: Route.location(appId: "roster-demo")))
public final class RosterServer: Sendable {
    let responder: RosterResponder
    let environment: ServerEnvironment
    let apps: [String: ServedApp]
    let seeder: DemoSeeder
    /// What the router serves, as "METHOD /path" with parameters written `:name`.
    let routes: [String]
    /// Administrative operations that bypass the client rules.
    public let admin: ServerAdmin
    let health: HealthService
    let metrics: ServerMetrics

    private init(
        responder: RosterResponder, environment: ServerEnvironment, apps: [String: ServedApp], seeder: DemoSeeder,
        routes: [String], admin: ServerAdmin, health: HealthService, metrics: ServerMetrics
    ) {
        self.health = health
        self.metrics = metrics
        self.responder = responder
        self.routes = routes
        self.environment = environment
        self.apps = apps
        self.seeder = seeder
        self.admin = admin
    }

    /// Opens (creating, migrating) the store at `databasePath` and serves `apps`: an SQLite file
    /// (WAL), or PostgreSQL when it is a `postgres://` URL.
    public static func open(
        databasePath: String, apps configs: [AppConfig], environment: ServerEnvironment = .live
    ) async throws -> RosterServer {
        if PostgresLocation.isURL(databasePath) {
            let store = try await PostgresServerStore(
                url: databasePath, keepsConnectionsOpen: environment.keepsDatabaseConnectionsOpen, logger: environment.logger)
            return try await open(store: store, apps: configs, environment: environment)
        }
        let store = try SQLiteServerStore(path: databasePath)
        var environment = environment
        if environment.outboxDirectory == nil {
            environment.outboxDirectory = URL(fileURLWithPath: databasePath).deletingLastPathComponent()
                .appendingPathComponent("outbox", isDirectory: true)
        }
        return try await open(store: store, apps: configs, environment: environment)
    }

    /// Whether `databasePath` names a PostgreSQL database (`postgres://…`) rather than a file.
    public static func isDatabaseURL(_ databasePath: String) -> Bool {
        PostgresLocation.isURL(databasePath)
    }

    static func open(store: any ServerStore, apps configs: [AppConfig], environment: ServerEnvironment) async throws
        -> RosterServer
    {
        var apps: [String: ServedApp] = [:]
        let pipelineMemory = PipelineMemory(limit: environment.pipelineMemoryBytes)
        for config in configs {
            try config.validate(source: "app '\(config.appId)'")
            let outbox = environment.outboxDirectory ?? URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("roster-outbox")
            apps[config.appId] = try await ServedApp(
                config: config, environment: environment, pipelineMemory: pipelineMemory,
                defaultOutbox: outbox.appendingPathComponent(config.appId))
        }
        let ids = IdentifierSource(randomBytes: environment.randomBytes, now: environment.now)
        for config in configs {
            for owner in config.ownerFields { try await store.indexOwners(owner) }
        }
        let secret = try await store.signingSecret(
            name: TokenService.secretName, ifAbsent: environment.randomBytes(TokenService.secretBytes))
        let tokens = await TokenService(secret: secret, now: environment.now)
        let customData = CustomDataService(store: store, ids: ids)
        let audit = AuditTrail(store: store, now: environment.now, logger: environment.logger)
        let sessions = SessionService(
            store: store, tokens: tokens, customData: customData, ids: ids, apps: apps, audit: audit, now: environment.now)
        let login = LoginService(
            store: store, sessions: sessions, limiter: AttemptLimiter(store: store, now: environment.now), audit: audit, ids: ids,
            apps: apps, now: environment.now)
        let emailPassword = EmailPasswordService(store: store, ids: ids, now: environment.now, logger: environment.logger)
        let webSignIn = WebSignInService(store: store, ids: ids, now: environment.now)
        let services = RouteServices(
            audit: audit,
            login: login,
            sessions: sessions,
            apiKeys: APIKeyService(store: store, ids: ids, now: environment.now),
            emailPassword: emailPassword,
            functions: FunctionCallService(data: DataAccessService(store: store, ids: ids, now: environment.now)),
            accounts: AccountService(store: store, audit: audit),
            health: HealthService(store: store, now: environment.now, logger: environment.logger),
            webSignIn: webSignIn,
            metrics: ServerMetrics(),
            device: DeviceLoginService(
                store: store, login: login, audit: audit, ids: ids, randomBytes: environment.randomBytes, now: environment.now),
            devicePage: DevicePageController(
                approvals: DeviceApprovalService(
                    store: store, login: login, emailPassword: emailPassword, audit: audit, now: environment.now),
                webSignIn: webSignIn, tokens: tokens, randomBytes: environment.randomBytes, now: environment.now),
            accountPage: AccountPageController(login: login, emailPassword: emailPassword, audit: audit))
        let router = Router(context: RosterRequestContext.self)
        router.add(middleware: RequestMetricsMiddleware())
        router.add(middleware: RequestIdMiddleware(randomBytes: environment.randomBytes))
        router.add(middleware: ProtocolErrorMiddleware(metrics: services.metrics))
        router.add(middleware: RequestBodyMiddleware(limit: configs.map(\.maxRequestBytes).max() ?? 65536))
        AppRoutes.add(to: router, services)
        AuthRoutes.add(to: router, services)
        WebSignInRoutes.add(to: router, services)
        HealthRoutes.add(to: router, services.health)
        DeviceRoutes.add(to: router, services)
        let admin = ServerAdmin(store: store, apps: apps, customData: customData, ids: ids, now: environment.now)
        return RosterServer(
            responder: RosterResponder(router: router.buildResponder()), environment: environment, apps: apps,
            seeder: DemoSeeder(store: store, admin: admin, ids: ids), routes: router.routes.map { "\($0.method.rawValue) \($0.path)" },
            admin: admin, health: services.health, metrics: services.metrics)
    }

    /// The in-process responder: no port. Never throws: every failure is error JSON.
    public func respond(to request: WireRequest) async -> WireResponse {
        let context = RosterRequestContext(
            source: RosterContextSource(logger: environment.logger, publicBase: environment.publicURL ?? .inProcess))
        let response = await responder.respond(to: WireBridge.request(from: request), context: context)
        return await WireBridge.wireResponse(from: response)
    }

    /// Serves HTTP until the task is cancelled; calls onListening with the bound port (port 0 = any).
    public func serve(host: String, port: Int, onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await serve(host: host, port: port, gracefulShutdownSignals: [], onListening: onListening)
    }

    /// Serves HTTP until the task is cancelled or one of `gracefulShutdownSignals` arrives, then
    /// finishes the requests in flight and returns. Meanwhile every `purgeEvery` each app's dead
    /// records are purged (`ServerAdmin.purge`).
    /// With `metrics`, `GET /metrics` is served on that address too.
    public func serve(
        host: String, port: Int, gracefulShutdownSignals: [UnixSignal], purgeEvery: Duration = .seconds(600),
        metrics: MetricsEndpoint? = nil, onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let responder = self.responder
        let (trusted, header) = (environment.trustedProxies, environment.forwardedHeader)
        // The links' base: configured, else the address bound (known once listening on port 0).
        let configured = environment.publicURL
        guard configured != nil || PublicURL.listening(host: host, port: max(port, 1)) != nil else {
            throw PublicURLNeeded(host: host)
        }
        let bound = BoundBase()
        let application = Application(
            responder: CallbackResponder { (request: Request, context: ServingRequestContext) in
                let address = ForwardedRequest.clientAddress(
                    headers: request.headers, peer: context.channel.remoteAddress?.ipAddress, trusted: trusted, header: header)
                let requestContext = RosterRequestContext(
                    source: RosterContextSource(
                        logger: context.logger, clientAddress: address, publicBase: configured ?? bound.value ?? .inProcess))
                var response =
                    if CancelWhenClosed.applies(to: request.uri.path) {
                        await CancelWhenClosed.run(on: context.channel) { await responder.respond(to: request, context: requestContext) }
                    } else {
                        await responder.respond(to: request, context: requestContext)
                    }
                // A refused body is not read: the connection closes once the answer is written
                // (`CloseAfterAnswerHandler`), so neither the server reads the rest nor the
                // client waits for it to be read.
                if response.status == .contentTooLarge {
                    response.headers[.connection] = "close"
                }
                return response
            },
            server: .roster,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? port
                bound.value = PublicURL.listening(host: host, port: port)
                await onListening(port)
            },
            logger: environment.logger)
        var services: [any Service] = [application, PurgeJob(admin: admin, interval: purgeEvery, logger: environment.logger)]
        if let metrics { services.append(metrics.application(for: self, logger: environment.logger)) }
        var configuration = ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: gracefulShutdownSignals, logger: environment.logger)
        // What runs at a graceful shutdown may finish for `shutdownSeconds`; then it is cancelled
        // (a data call at its next page, a function command stopped), and the server exits.
        configuration.maximumGracefulShutdownDuration = Self.gracefulShutdown
        configuration.maximumCancellationDuration = .seconds(5)
        let group = ServiceGroup(configuration: configuration)
        try await group.run()
    }

    /// How long a graceful shutdown (SIGTERM, SIGINT) lets requests in flight finish before
    /// cancelling them: the data calls' default deadline, so that one started just before still
    /// ends in its own time.
    static let gracefulShutdown = Duration.seconds(10)

    /// What `registry` holds in Prometheus's text format, with the live sessions of each app
    /// counted now (`roster_active_sessions`); a store that cannot answer leaves the last count.
    public func metricsText(from registry: PrometheusCollectorRegistry) async -> String {
        if let live = try? await health.liveSessions() {
            metrics.liveSessions(live, apps: apps.keys)
        }
        return registry.emitToString()
    }

    /// Where confirmation and reset messages of an app go: a folder, or the command named.
    public func outboxDescription(appId: String) -> String? {
        apps[appId]?.outbox.description
    }

    /// Seeds the demo users (Resources/demo/users.json) and their custom data into an empty app;
    /// does nothing when the app already has users. Safe if two processes race.
    public func seedDemoUsers(appId: String) async throws {
        guard let app = apps[appId] else { throw ServerAdminError.appNotFound(appId) }
        try await seeder.seed(app: app)
    }
}
