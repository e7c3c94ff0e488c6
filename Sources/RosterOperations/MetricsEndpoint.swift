import Hummingbird
import Logging
import Metrics
import NIOCore
import Prometheus
import RosterServer
import RosterServerCore
import ServiceLifecycle

/// Where `roster-server` answers `GET /metrics` in Prometheus's text format: an address of its
/// own, apart from the client API, so that a server open to the network shows its metrics only
/// where the operator chooses (loopback unless told otherwise).
///
///     let metrics = MetricsEndpoint.bootstrap(host: "127.0.0.1", port: 9464)
///     let server = try await ServerAssembly.open(databasePath: path, apps: apps)
///     try await server.serve(host: "0.0.0.0", port: 9090, shutdownOn: [.terminate], metrics: metrics)
public struct MetricsEndpoint: Sendable {
    public static let path = "/metrics"
    public var host: String
    public var port: Int
    package var registry: PrometheusCollectorRegistry
    /// Called with the bound port (port 0 picks a free one).
    public var onListening: @Sendable (Int) async -> Void

    /// An endpoint for the process's metrics: swift-metrics has one backend per process, so this
    /// bootstraps it, once, before the server that records into it is opened.
    public static func bootstrap(host: String, port: Int, onListening: @escaping @Sendable (Int) async -> Void = { _ in }) -> MetricsEndpoint {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return MetricsEndpoint(host: host, port: port, registry: registry, onListening: onListening)
    }

    package init(
        host: String, port: Int, registry: PrometheusCollectorRegistry, onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) {
        self.host = host
        self.port = port
        self.registry = registry
        self.onListening = onListening
    }

    /// The application serving `GET /metrics` from `server`; anything else is 404.
    package func application(for server: RosterServer, logger: Logger) -> some Service {
        let router = Router()
        let registry = self.registry
        router.get(RouterPath(Self.path)) { _, _ -> Response in
            let text = await server.metricsText(from: registry)
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
        let onListening = self.onListening
        let port = self.port
        return Application(
            router: router, configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) }, logger: logger)
    }
}
