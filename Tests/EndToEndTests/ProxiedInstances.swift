import Foundation
import ThrowawayPostgres

/// Roster scaled out, for the length of a test: several `roster-server serve` processes on one
/// fresh PostgreSQL database, each believing the proxy's `X-Forwarded-For`
/// (`--trusted-proxy 127.0.0.1`), linking to the proxy (`--public-url`) and logging to a file
/// of its own, behind a round-robin nginx.
///
///     let deployment = try await ProxiedInstances(name: "login")
///     defer { deployment.stop() }
///     let answer = try await deployment.client.send("GET", "/health")  // answer.instance: 1
final class ProxiedInstances {
    /// An app with refresh-token rotation on, a cheap password hash (the tests are about the
    /// instances, not the hash), and an account that takes at most five failures an hour (a
    /// lock that holds however slowly a loaded machine sends the next try).
    static let appId = "roster-scaled"
    static let appConfiguration = """
        {
          "appId": "\(appId)",
          "refreshTokenRotation": { "enabled": true, "graceSeconds": 10 },
          "passwordHashing": { "logN": 10, "r": 8, "p": 1 },
          "limits": { "failuresPerAccountPerHour": 5 },
          "providers": {
            "anon-user": { "enabled": true },
            "local-userpass": { "enabled": true, "autoConfirm": true }
          }
        }
        """

    let directory: URL
    let client: InstanceClient
    private var servers: [ServerProcess] = []
    private var proxy: RoundRobinProxy?

    init(name: String, instances count: Int = 3) async throws {
        try RoundRobinProxy.requireInstalled()
        let directory = try CommandRunner.temporaryDirectory("instances-\(name)")
        self.directory = directory
        let database = try await PostgresCluster.shared.newDatabaseURL()
        let config = directory.appendingPathComponent("app.json")
        try Self.appConfiguration.write(to: config, atomically: true, encoding: .utf8)
        let logs = (1...count).map { directory.appendingPathComponent("instance-\($0).log") }
        var started: [ServerProcess] = []
        // The instances link to the proxy, the one address people use.
        let proxyPort = try RoundRobinProxy.freePort()
        do {
            for log in logs {
                let options = ["--trusted-proxy", "127.0.0.1", "--public-url", "http://127.0.0.1:\(proxyPort)"]
                started.append(try ServerProcess(database: database, home: directory, config: config, options: options, log: log))
            }
            let upstreams = started.map { $0.baseURL.replacingOccurrences(of: "http://", with: "") }
            proxy = try RoundRobinProxy(upstreams: upstreams, directory: directory, port: proxyPort)
        } catch {
            started.forEach { $0.stop() }
            throw error
        }
        servers = started
        client = InstanceClient(proxy: proxy!.baseURL, instances: started.map(\.baseURL), logs: logs)
    }

    /// Stops the proxy, then every instance.
    func stop() {
        proxy?.stop()
        proxy = nil
        servers.forEach { $0.stop() }
        servers = []
    }

    deinit { stop() }
}
