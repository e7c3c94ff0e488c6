import ArgumentParser
import Foundation
import Metrics
import Prometheus
import RosterServer
import UnixSignals

/// `roster-server serve`: serves HTTP until SIGINT or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the App Services client API over HTTP.")

    @OptionGroup var app: AppOptions

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 9090

    @Flag(help: "Serve the demo app on an address other machines can reach, although its secrets are public.")
    var allowDemoOnNetwork = false

    @Option(
        name: .customLong("trusted-proxy"),
        help: "The IP address of a reverse proxy whose Forwarded / X-Forwarded-* headers are believed (repeat for several).")
    var trustedProxies: [String] = []

    @Option(help: "Serve Prometheus metrics at /metrics on this port (off unless given; 0 picks a free one).")
    var metricsPort: Int?

    @Option(help: "The address the metrics port listens on.")
    var metricsHost = "127.0.0.1"

    func validate() throws {
        // The demo's passwords and signing key are in Roster's source: on the network, anyone
        // could log in as its users.
        if app.demo, !allowDemoOnNetwork, !ListenAddress.isLoopback(host) {
            throw ValidationError(
                "the demo app's passwords are public, so it is served on this machine only: use --host 127.0.0.1, "
                    + "or --allow-demo-on-network to serve it on \(host) anyway")
        }
        if let metricsPort, !(0...65535).contains(metricsPort) {
            throw ValidationError("--metrics-port takes a port from 0 to 65535; '\(metricsPort)' is not one")
        }
        for proxy in trustedProxies where !ListenAddress.isIPAddress(proxy) {
            throw ValidationError("--trusted-proxy takes an IP address, such as 10.0.0.2 or ::1; '\(proxy)' is not one")
        }
    }

    func run() async throws {
        let metrics = metricsPort.map { port in
            // swift-metrics has one backend per process: bootstrapped here, once, before the
            // server that records into it is made.
            let registry = PrometheusCollectorRegistry()
            MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
            let shown = metricsHost.contains(":") ? "[\(metricsHost)]" : metricsHost
            return MetricsEndpoint(host: metricsHost, port: port, registry: registry) { bound in
                FileHandle.standardOutput.write(Data("roster-server metrics on http://\(shown):\(bound)\(MetricsEndpoint.path)\n".utf8))
            }
        }
        let (server, config) = try await app.open(trustedProxies: Set(trustedProxies))
        if app.demo { try await server.seedDemoUsers(appId: config.appId) }
        let host = self.host
        do {
            try await server.serve(host: host, port: port, gracefulShutdownSignals: [.sigint, .sigterm], metrics: metrics) { bound in
                let shown = host.contains(":") ? "[\(host)]" : host
                FileHandle.standardOutput.write(Data("roster-server listening on http://\(shown):\(bound)\n".utf8))
                if let outbox = server.outboxDescription(appId: config.appId) {
                    FileHandle.standardOutput.write(Data("confirmation and reset messages for \(config.appId) go to \(outbox)\n".utf8))
                }
            }
        } catch {
            throw CommandFailure("cannot serve on \(host):\(port): \(error)")
        }
    }
}
