import Foundation
import SpawnCloseFrom
import Synchronization

/// A throwaway PostgreSQL cluster for the tests, made from the installed server binaries: one
/// per test process, started at first use in a temporary directory and listening on a Unix
/// socket only, with a fresh database for each caller; stopped when the process exits.
///
///     let url = try await PostgresCluster.shared.newDatabaseURL()
///     let store = try await PostgresServerStore(url: url)
///
/// The server binaries refuse to run as root, so when the tests run as root the cluster runs as
/// an unprivileged user (`postgres` when the package made it, else one made here). Without the
/// binaries every test that needs them fails, naming the Debian package to install. The server
/// tests and the end-to-end tests (several `roster-server` processes on one database) share it.
public actor PostgresCluster {
    public static let shared = PostgresCluster()

    /// A cluster of the caller's own (one that a test stops halfway, say).
    public init() {
        tls = nil
    }

    /// A cluster of the caller's own that also listens on TCP, on loopback, with TLS: its
    /// certificate and key are copied from these files. Its URLs name `localhost` and the port.
    public init(tls: TLSFiles) {
        self.tls = tls
    }

    /// A server certificate (PEM, with its chain) and its key.
    public struct TLSFiles: Sendable {
        public var certificate: URL
        public var key: URL

        public init(certificate: URL, key: URL) {
            self.certificate = certificate
            self.key = key
        }
    }

    private let tls: TLSFiles?

    struct Running: Sendable {
        var directory: URL
        var socketDirectory: String
        var binaries: URL
        var osUser: String?
        /// The TCP port, when the cluster listens on loopback with TLS.
        var tcpPort: Int? = nil
    }

    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    private var running: Result<Running, Unavailable>?
    private var databases = 0

    /// A `postgres://` URL of a new, empty database on the cluster (role `roster`, trusted).
    public func newDatabaseURL() async throws -> String {
        let cluster = try start()
        databases += 1
        let name = "roster_\(ProcessInfo.processInfo.processIdentifier)_\(databases)"
        let port = cluster.tcpPort.map { ["-p", "\($0)"] } ?? []
        try Self.run(cluster.binaries.appendingPathComponent("createdb"), ["-h", cluster.socketDirectory] + port + ["-U", "roster", name])
        if let port = cluster.tcpPort { return "postgres://roster@localhost:\(port)/\(name)" }
        return "postgres://roster@localhost/\(name)?host=\(cluster.socketDirectory)"
    }

    /// Stops the cluster for good and removes its files (a cluster of one test's own; the
    /// shared one stops when the process exits).
    public func shutDown() {
        guard case .success(let cluster)? = running else { return }
        Self.stopNow(cluster)
        Self.clustersToStop.withLock { $0.removeAll { $0.directory == cluster.directory } }
    }

    /// Stops the cluster (until `resume`): the store becomes unreachable.
    public func stop() throws {
        let cluster = try start()
        try Self.run(cluster, "pg_ctl", ["-D", cluster.dataPath, "-m", "fast", "-w", "stop"])
    }

    public func resume() throws {
        let cluster = try start()
        try Self.run(cluster, "pg_ctl", cluster.startArguments)
    }

    private func start() throws -> Running {
        if let running { return try running.get() }
        let result: Result<Running, Unavailable>
        do {
            result = .success(try Self.makeCluster(tls: tls))
        } catch let error as Unavailable {
            result = .failure(error)
        } catch {
            result = .failure(Unavailable(description: "cannot start a PostgreSQL cluster for the tests: \(error)"))
        }
        running = result
        if case .success(let cluster) = result { Self.stopAtExit(cluster) }
        return try result.get()
    }

    private static func makeCluster(tls: TLSFiles?) throws -> Running {
        guard let binaries = serverBinaries() else {
            throw Unavailable(
                description: "the PostgreSQL server binaries (initdb, pg_ctl) are not installed: install the Debian package "
                    + "'postgresql' (apt-get install postgresql)")
        }
        let osUser = getuid() == 0 ? try unprivilegedUser() : nil
        let directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("roster-pg-\(UUID().uuidString.prefix(8))")
        let manager = FileManager.default
        try manager.createDirectory(at: directory.appendingPathComponent("socket"), withIntermediateDirectories: true)
        if let tls {
            try manager.copyItem(at: tls.certificate, to: directory.appendingPathComponent("server.pem"))
            try manager.copyItem(at: tls.key, to: directory.appendingPathComponent("server.key"))
            // PostgreSQL refuses a key others can read.
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: directory.appendingPathComponent("server.key").path)
        }
        if let osUser {
            try run(URL(fileURLWithPath: "/bin/chown"), ["-R", osUser, directory.path])
        }
        let cluster = Running(
            directory: directory, socketDirectory: directory.appendingPathComponent("socket").path, binaries: binaries, osUser: osUser,
            tcpPort: tls == nil ? nil : try freePort())
        try run(cluster, "initdb", ["-D", cluster.dataPath, "-A", "trust", "-U", "roster", "-E", "UTF8", "--no-sync"])
        try run(cluster, "pg_ctl", cluster.startArguments)
        return cluster
    }

    /// A TCP port on loopback nobody listens on now.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw Unavailable(description: "cannot find a free TCP port for a PostgreSQL cluster") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// `/usr/lib/postgresql/<newest>/bin` (Debian keeps the server binaries off PATH).
    private static func serverBinaries() -> URL? {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return versions.compactMap(Int.init).sorted().reversed().lazy
            .map { root.appendingPathComponent("\($0)/bin") }
            .first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("initdb").path) }
    }

    private static func unprivilegedUser() throws -> String {
        if (try? run(URL(fileURLWithPath: "/usr/bin/id"), ["-u", "postgres"])) != nil { return "postgres" }
        if (try? run(URL(fileURLWithPath: "/usr/bin/id"), ["-u", "roster-postgres"])) == nil {
            try run(URL(fileURLWithPath: "/usr/sbin/useradd"), ["--system", "--no-create-home", "roster-postgres"])
        }
        return "roster-postgres"
    }

    private static func stopAtExit(_ cluster: Running) {
        let first = clustersToStop.withLock { list in
            list.append(cluster)
            return list.count == 1
        }
        guard first else { return }
        atexit {
            for cluster in PostgresCluster.clustersToStop.withLock({ $0 }) { PostgresCluster.stopNow(cluster) }
        }
    }

    private static func stopNow(_ cluster: Running) {
        _ = try? run(cluster, "pg_ctl", ["-D", cluster.dataPath, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: cluster.directory)
    }

    private static let clustersToStop = Mutex<[Running]>([])

    /// Runs one of the server binaries as the cluster's user.
    @discardableResult
    private static func run(_ cluster: Running, _ binary: String, _ arguments: [String]) throws -> String {
        let path = cluster.binaries.appendingPathComponent(binary)
        guard let osUser = cluster.osUser else { return try run(path, arguments) }
        return try run(URL(fileURLWithPath: "/usr/sbin/runuser"), ["-u", osUser, "--", path.path] + arguments)
    }

    /// Runs a tool (as `openssl`, to make a cluster's certificate) to its end, the way the
    /// cluster's own binaries are run: posix_spawn, not Foundation's Process, which can crash when
    /// other tests start processes at the same moment. Its output, or `Unavailable` on failure.
    @discardableResult
    public static func runTool(_ executable: URL, _ arguments: [String]) throws -> String {
        try run(executable, arguments)
    }

    @discardableResult
    private static func run(_ executable: URL, _ arguments: [String]) throws -> String {
        // posix_spawn and waitpid rather than Process: the server `pg_ctl start` leaves running
        // would hold an output pipe open, and Process may never see the child exit (`ToolRun`).
        let ran: (status: Int32, output: String)
        do {
            ran = try ToolRun.run(executable, arguments)
        } catch {
            throw Unavailable(description: "\(error)")
        }
        guard ran.status == 0 else {
            throw Unavailable(
                description: "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) failed (\(ran.status)): \(ran.output)")
        }
        return ran.output
    }
}


extension PostgresCluster.Running {
    var dataPath: String { directory.appendingPathComponent("data").path }

    /// `pg_ctl start`, waiting until it accepts connections: Unix socket only, no TCP. Room for
    /// 1,000 connections: every server test runs on PostgreSQL too, many at once, each server
    /// with a pool of its own.
    /// With a TCP port, it listens on loopback too, TLS on.
    var startArguments: [String] {
        var options = "-k \(socketDirectory) -c fsync=off -c max_connections=1000"
        if let tcpPort {
            options += " -c listen_addresses=127.0.0.1 -p \(tcpPort) -c ssl=on"
            options += " -c ssl_cert_file=\(directory.appendingPathComponent("server.pem").path)"
            options += " -c ssl_key_file=\(directory.appendingPathComponent("server.key").path)"
        } else {
            options += " -c listen_addresses=''"
        }
        return ["-D", dataPath, "-w", "-t", "60", "-l", directory.appendingPathComponent("server.log").path, "-o", options, "start"]
    }
}
