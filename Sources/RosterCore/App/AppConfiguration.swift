import Foundation
import Logging

/// How an `App` reaches its server and where it keeps its device store.
///
///     let configuration = AppConfiguration(
///         appId: "roster-demo", transport: HTTPTransport(baseURL: url), directory: deviceDirectory)
public struct AppConfiguration: Sendable {
    public var appId: String
    public var transport: any Transport
    /// The device directory: `device.sqlite` and per-user files under `users/<id>/`.
    public var directory: URL
    public var clock: any RosterClock
    /// An access token that expires within this many seconds is refreshed before use.
    public var refreshMargin: TimeInterval
    /// How many times a refresh that failed for a reason other than a dead session (network,
    /// 5xx, 429) is retried, with doubling waits starting at `refreshRetryDelay`.
    public var refreshRetries: Int
    public var refreshRetryDelay: TimeInterval
    /// Once a refresh's answer is lost, its later tries are all sent within this many seconds:
    /// at most the grace window of a server that rotates refresh tokens (10 s by default), so a
    /// slow refresh never presents a replaced token (`RefreshRetryRule`).
    public var refreshRetryBudget: TimeInterval
    /// How long a switch waits for the server to say whether the session still lives
    /// (BEHAVIOURS 51); past it the switch goes on and the answer, when it comes, still counts.
    public var sessionCheckWait: TimeInterval
    /// Where the core says what it does: user ids and events, never a token or password.
    /// Routine events are `debug`; retries and failures to clean up are `notice` and above.
    public var logger: Logger
    /// The scrypt cost of PIN- and password-derived sealing keys; lower only in tests.
    public var secretKeyDerivation: SecretKeyDerivation
    /// Random bytes for keys, salts and nonces; the system's generator unless a test injects one.
    public var randomBytes: @Sendable (Int) -> [UInt8]
    /// How many session events the store keeps and for how long, and how often `App.events`
    /// looks for those of other processes (1,000, a week, 0.25 s).
    public var sessionEvents = SessionEventLimits()

    public init(
        appId: String, transport: any Transport, directory: URL, clock: any RosterClock = SystemClock(),
        refreshMargin: TimeInterval = 60
    ) {
        self.appId = appId
        self.transport = transport
        self.directory = directory
        self.clock = clock
        self.refreshMargin = refreshMargin
        self.refreshRetries = 3
        self.refreshRetryDelay = 0.5
        self.refreshRetryBudget = 10
        self.sessionCheckWait = 3
        self.logger = Logger(label: "roster.core")
        self.secretKeyDerivation = .standard
        self.randomBytes = { count in
            var generator = SystemRandomNumberGenerator()
            return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        }
    }
}
