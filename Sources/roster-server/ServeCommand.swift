import ArgumentParser
import Foundation
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

    func validate() throws {
        // The demo's passwords and signing key are in Roster's source: on the network, anyone
        // could log in as its users.
        if app.demo, !allowDemoOnNetwork, !ListenAddress.isLoopback(host) {
            throw ValidationError(
                "the demo app's passwords are public, so it is served on this machine only: use --host 127.0.0.1, "
                    + "or --allow-demo-on-network to serve it on \(host) anyway")
        }
        for proxy in trustedProxies where !ListenAddress.isIPAddress(proxy) {
            throw ValidationError("--trusted-proxy takes an IP address, such as 10.0.0.2 or ::1; '\(proxy)' is not one")
        }
    }

    func run() async throws {
        let (server, config) = try await app.open(trustedProxies: Set(trustedProxies))
        if app.demo { try await server.seedDemoUsers(appId: config.appId) }
        let host = self.host
        do {
            try await server.serve(host: host, port: port, gracefulShutdownSignals: [.sigint, .sigterm]) { bound in
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
