import Logging
import Prometheus
import RosterServer
import RosterServerCore
import ServiceLifecycle

extension RosterServer {
    /// Serves HTTP until the task is cancelled or one of `shutdownOn` arrives, then finishes the
    /// requests in flight, writes the function runs they queued (`FunctionRunFlush`) and
    /// returns. Meanwhile every `purgeEvery` each app's dead records are purged
    /// (`ServerAdmin.purge`). With `metrics`, `GET /metrics` is served on that address;
    /// with `webDemo`, the web demo's page on its own. With `only`, `host:port` serves those
    /// paths alone, and each of `alongside` serves its own paths on its own address.
    public func serve(
        host: String, port: Int, only: ServedPaths? = nil, alongside: [Listener] = [], shutdownOn signals: [ShutdownSignal],
        purgeEvery: Duration = .seconds(600), metrics: MetricsEndpoint? = nil, webDemo: WebDemoEndpoint? = nil,
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        var services: [any Service] = []
        // First, so the last to stop: the runs the listeners' last requests queued are written.
        if let runs = self.services.functions.runs { services.append(FunctionRunFlush(runs: runs, logger: environment.logger)) }
        services += [
            try application(host: host, port: port, only: only, onListening: onListening),
            PurgeJob(admin: admin, interval: purgeEvery, logger: environment.logger),
        ]
        for listener in alongside {
            services.append(
                try application(host: listener.host, port: listener.port, only: listener.only, alongside: true, onListening: listener.onListening))
        }
        if let metrics { services.append(metrics.application(for: self, logger: environment.logger)) }
        if let webDemo { services.append(try webDemo.application(for: self, logger: environment.logger)) }
        var configuration = ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: signals.map(\.unixSignal), logger: environment.logger)
        // What runs at a graceful shutdown may finish for `environment.gracefulShutdown`; then
        // it is cancelled (a data call at its next page, a function command stopped), and the
        // server exits.
        configuration.maximumGracefulShutdownDuration = environment.gracefulShutdown
        configuration.maximumCancellationDuration = .seconds(5)
        try await ServiceGroup(configuration: configuration).run()
    }

    /// What `registry` holds in Prometheus's text format, with the live sessions of each app
    /// counted now (`roster_active_sessions`); a store that cannot answer leaves the last count.
    package func metricsText(from registry: PrometheusCollectorRegistry) async -> String {
        if let live = try? await services.health.liveSessions() {
            metrics.liveSessions(live, apps: services.apps.keys)
        }
        return registry.emitToString()
    }
}
