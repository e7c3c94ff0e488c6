import Foundation
import Hummingbird
import Logging
import RosterServerCore
import RosterWire
import ServiceLifecycle

/// The Roster auth server: the App Services client API over a store, served in-process
/// (`respond(to:)`, no port) or over HTTP (`serve`), from one router. This target is what the
/// embedded default links: the services and the SQLite driver (RosterServerCore) behind
/// Hummingbird's router. The PostgreSQL driver (RosterPostgres), the pages (RosterPages) and the
/// operations pieces (RosterOperations) are added by `roster-server` through
/// RosterServerAssembly.
///
///     let server = try await RosterServer.open(sqliteFile: path, apps: [try AppConfig.demo()])
///     try await server.seedDemoUsers(appId: "roster-demo")
///     let response = await server.respond(to: WireRequest(method: .get, path: Route.location(appId: "roster-demo")))
public final class RosterServer: Sendable {
    package let responder: RosterResponder
    package let environment: ServerEnvironment
    package let services: ServerServices
    /// What the router serves, as "METHOD /path" with parameters written `:name`.
    package let routes: [String]
    /// What the routes count beyond requests.
    package let metrics: ServerMetrics
    /// Administrative operations that bypass the client rules.
    public var admin: ServerAdmin { services.admin }
    /// Where `serve` listens, once bound: the links of in-process answers then name it too (the
    /// embedded default serving the phone's page), unless a public URL is configured.
    private let bound = BoundBase()

    /// The base of links in in-process answers: configured, else where the server listens.
    package var inProcessBase: PublicURL { environment.publicURL ?? bound.value ?? .inProcess }

    private init(
        responder: RosterResponder, environment: ServerEnvironment, services: ServerServices, routes: [String],
        metrics: ServerMetrics
    ) {
        self.responder = responder
        self.environment = environment
        self.services = services
        self.routes = routes
        self.metrics = metrics
    }

    /// Opens (creating, migrating) the SQLite store at `path` (WAL) and serves `apps`. Messages
    /// go to the `outbox` folder beside the file unless the environment names one.
    public static func open(
        sqliteFile path: String, apps configs: [AppConfig], environment: ServerEnvironment = .live
    ) async throws -> RosterServer {
        try await open(store: try SQLiteServerStore(path: path), apps: configs, environment: environment.outboxBeside(file: path))
    }

    /// Serves `apps` over `store`, with the routes of `additions` beside the client API.
    package static func open(
        store: any ServerStore, apps configs: [AppConfig], environment: ServerEnvironment, additions: [any RouteAddition] = []
    ) async throws -> RosterServer {
        let core = try await ServerServices.open(store: store, apps: configs, environment: environment)
        let services = RouteServices(core: core, metrics: ServerMetrics())
        let router = Router(context: RosterRequestContext.self)
        router.add(middleware: RequestMetricsMiddleware())
        router.add(middleware: ResponseSafetyMiddleware(publicURL: environment.publicURL))
        router.add(middleware: RequestIdMiddleware())
        router.add(middleware: ClientCORSMiddleware(apps: core.login.apps))
        router.add(middleware: ErrorLinkMiddleware(links: services.logLinks))
        router.add(middleware: ProtocolErrorMiddleware(metrics: services.metrics, health: services.health))
        router.add(middleware: RequestBodyMiddleware(limit: configs.map(\.maxRequestBytes).max() ?? 65536))
        AppRoutes.add(to: router, services)
        AuthRoutes.add(to: router, services)
        WebSignInRoutes.add(to: router, services)
        HealthRoutes.add(to: router, services.health)
        DeviceRoutes.add(to: router, services)
        UnlockKeyRoutes.add(to: router, services)
        for addition in additions { addition.add(to: router, services) }
        return RosterServer(
            responder: RosterResponder(router: router.buildResponder()), environment: environment, services: core,
            routes: router.routes.map { "\($0.method.rawValue) \($0.path)" }, metrics: services.metrics)
    }

    /// The in-process responder: no port. Never throws: every failure is error JSON.
    public func respond(to request: WireRequest) async -> WireResponse {
        let context = RosterRequestContext(
            source: RosterContextSource(logger: environment.logger, publicBase: inProcessBase))
        let response = await responder.respond(to: WireBridge.request(from: request), context: context)
        // A stream never ends: collecting it would wait for ever. `open` hands it on instead.
        if response.headers[.contentType] == "text/event-stream" {
            return WireResponse(
                status: 400, headers: ["content-type": "application/json"],
                body: JSONValue.object([
                    "error": "a change stream needs a transport that streams (RosterServer.open)", "error_code": "BadRequest", "link": "",
                ]).data)
        }
        return await WireBridge.wireResponse(from: response)
    }

    /// The in-process responder for answers whose body arrives over time (change streams): the
    /// head at once, the body as it is written.
    public func open(_ request: WireRequest) async -> WireStreamResponse {
        let context = RosterRequestContext(
            source: RosterContextSource(logger: environment.logger, publicBase: inProcessBase))
        let response = await responder.respond(to: WireBridge.request(from: request), context: context)
        var headers: [String: String] = [:]
        for field in response.headers { headers[field.name.canonicalName.lowercased()] = field.value }
        return WireStreamResponse(status: response.status.code, headers: headers, body: ResponseStreamer.body(of: response))
    }

    /// Serves HTTP until the task is cancelled; calls onListening with the bound port (port 0 =
    /// any). `roster-server serve` runs it with its operations pieces (RosterOperations). With
    /// `only`, a path it refuses is answered `404 RouteNotFound` there, whatever the router has.
    public func serve(
        host: String, port: Int, only: ServedPaths? = nil, onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [try application(host: host, port: port, only: only, onListening: onListening)], logger: environment.logger))
        try await group.run()
    }

    /// The HTTP application answering on `host:port` from this server's router, for the paths
    /// `only` lets through (all without it). The client API's address, once bound, is the base of
    /// the links its answers hold unless a public URL is configured; another address it answers
    /// on (`alongside: true`, the Admin API's own) is not.
    package func application(
        host: String, port: Int, only: ServedPaths? = nil, alongside: Bool = false, onListening: @escaping @Sendable (Int) async -> Void
    ) throws -> some Service {
        let responder = self.responder
        let (trusted, header) = (environment.trustedProxies, environment.forwardedHeader)
        // The links' base: configured, else the address bound (known once listening on port 0).
        // Another address's links are its own (the Admin API's `--admin-public-url`).
        let configured = environment.publicURL
        guard alongside || configured != nil || PublicURL.listening(host: host, port: max(port, 1)) != nil else {
            throw PublicURLNeeded(host: host)
        }
        let bound = self.bound
        return Application(
            responder: CallbackResponder { (request: Request, context: ServingRequestContext) in
                if let only, !only.serves(request.method.rawValue, request.uri.path) { return ErrorResponse.routeNotFound().jsonResponse() }
                let address = ForwardedRequest.clientAddress(
                    headers: request.headers, peer: context.channel.remoteAddress?.ipAddress, trusted: trusted, header: header)
                let requestContext = RosterRequestContext(
                    source: RosterContextSource(
                        logger: context.logger, clientAddress: address, publicBase: configured ?? bound.value ?? .inProcess,
                        clientGone: ClientGone(channel: context.channel)))
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
                if !alongside { bound.value = PublicURL.listening(host: host, port: port) }
                await onListening(port)
            },
            logger: environment.logger)
    }

    /// Where confirmation and reset messages of an app go: a folder, or the command named.
    public func outboxDescription(appId: String) -> String? {
        services.apps[appId]?.outbox.description
    }

    /// Seeds the demo users (Resources/demo/users.json) and their custom data into an empty app;
    /// does nothing when the app already has users. Safe if two processes race.
    public func seedDemoUsers(appId: String) async throws {
        guard let app = services.apps[appId] else { throw ServerAdminError.appNotFound(appId) }
        try await services.seeder.seed(app: app)
    }
}
