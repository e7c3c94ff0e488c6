import Foundation
import Logging

/// The outside world a server depends on - the clock, randomness, logging and the network -
/// injected so tests control it.
///
///     var environment = ServerEnvironment.live
///     environment.now = { Date(timeIntervalSince1970: 1_700_000_000) }
public struct ServerEnvironment: Sendable {
    /// The current time; token `iat`/`exp` and session expiry use it.
    public var now: @Sendable () -> Date
    /// `count` cryptographically random bytes: ids, salts, keys and signing secrets come from it.
    public var randomBytes: @Sendable (Int) -> [UInt8]
    /// Where the server writes what it does. Never given a token, password or key.
    public var logger: Logger
    /// Where confirmation and reset messages go for apps that name no outbox; `outbox/` beside
    /// the database when nil.
    public var outboxDirectory: URL?
    /// How the server reaches identity providers (key sets, token endpoints, the Graph API).
    public var http: any OutboundHTTP
    /// Where password hashing runs, bounded: shared by every app of the server.
    public var hashing: HashingPool
    /// What the pipelines of every app's data calls may hold at once, in bytes.
    public var pipelineMemoryBytes = ServerEnvironment.defaultPipelineMemory
    /// How often an open change stream looks whether its session still stands.
    public var changeStreamSessionCheck: Duration = .seconds(5)
    /// The addresses of reverse proxies whose forwarded header (`forwardedHeader`) is believed
    /// for the client's address. From anyone else it is ignored.
    public var trustedProxies: Set<String>
    /// The one header a trusted proxy names the client in.
    public var forwardedHeader: ForwardedHeader = .xForwardedFor
    /// The base of every link the server writes; without it, the address `serve` listens on (or
    /// `http://127.0.0.1` in-process). Never the request's `Host` or forwarded headers.
    public var publicURL: PublicURL?
    /// Whether a PostgreSQL store keeps its pool's connections open, as `roster-server serve`
    /// does (no timer each time a connection goes back, which under load holds memory), or opens
    /// them on demand and closes them after a minute idle, as short-lived servers (admin
    /// commands, tests) want.
    public var keepsDatabaseConnectionsOpen = false
    /// Whether this process follows and runs the apps' triggers, as a server does, or only keeps
    /// their events in the store for the serving processes to run, as admin commands do (a
    /// command ending mid-run would leave its claim to run out first).
    public var runsTriggers = true
    /// What runs the apps' JavaScript functions; without one (the embedded default), a
    /// JavaScript function is refused. `roster-server` gives it Node.js workers.
    public var functionRuntime: (any FunctionRuntime)?
    /// What is kept of the apps' function runs for their logs: console lines and bytes per
    /// run, days and runs kept per app.
    public var functionRunBudget = FunctionRunBudget()
    /// How long a graceful shutdown (SIGTERM, SIGINT) lets requests in flight finish, and the
    /// queued function runs be written, before they are cancelled: the data calls' default
    /// deadline, so that one started just before still ends in its own time.
    public var gracefulShutdown: Duration = .seconds(10)

    public init(
        now: @escaping @Sendable () -> Date = { Date() },
        randomBytes: @escaping @Sendable (Int) -> [UInt8] = ServerEnvironment.systemRandomBytes,
        logger: Logger = Logger(label: "roster-server"),
        outboxDirectory: URL? = nil,
        http: any OutboundHTTP = AsyncHTTPOutbound(), hashing: HashingPool = HashingPool(), trustedProxies: Set<String> = []
    ) {
        self.trustedProxies = trustedProxies
        self.hashing = hashing
        self.now = now
        self.randomBytes = randomBytes
        self.logger = logger
        self.outboxDirectory = outboxDirectory
        self.http = http
    }

    /// What all pipelines hold at once by default: with the server's own memory and one password
    /// derivation at the demo's cost (32 MiB), it keeps the server under 150 MiB while clients
    /// send the worst pipelines (docs/BENCHMARKS.md); one call is held to the smaller of this
    /// and its app's `maxPipelineBytes`.
    public static let defaultPipelineMemory = 32 << 20

    /// This environment, with messages going to the `outbox` folder beside the database file
    /// `path` unless it names a folder already.
    public func outboxBeside(file path: String) -> ServerEnvironment {
        var environment = self
        if environment.outboxDirectory == nil {
            environment.outboxDirectory = URL(fileURLWithPath: path).deletingLastPathComponent()
                .appendingPathComponent("outbox", isDirectory: true)
        }
        return environment
    }

    /// The real clock, the system's secure random generator and a `roster-server` logger.
    public static var live: ServerEnvironment { ServerEnvironment() }

    /// Bytes from the system's cryptographically secure generator.
    @Sendable public static func systemRandomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
