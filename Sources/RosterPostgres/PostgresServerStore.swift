import Foundation
import Logging
import PostgresNIO
import RosterServerCore
import Synchronization

/// The `ServerStore` driver over PostgreSQL, for several server instances over one database.
/// Every change of more than one row is one SERIALIZABLE transaction, retried when PostgreSQL
/// reports a conflict with a concurrent one, so concurrent instances decide each "if absent",
/// each rotation and each single-use token exactly once.
///
///     let store = try await PostgresServerStore(url: "postgres://roster@db.internal/roster")
///
/// Connections come from a pool (`PostgresClient`); a request that waits longer than
/// `leaseTimeout` for one, or finds the database down, fails with `StoreUnavailable` (503), and
/// the pool reconnects by itself when the database is back. Once the store knows the database
/// is gone (a connection failed, or a wait ran out and a direct connection was refused), a
/// request waits only `outageLeaseTimeout` for a connection (`DatabaseOutage`). A request still
/// waiting after `outageLeaseTimeout` while the outage is not yet known tries one direct
/// connection, given `connectTimeout` (1 s by default), so the first request of an outage is
/// answered 503 within about a second rather than after the lease.
package final class PostgresServerStore: ServerStore {
    package let client: PostgresClient
    package let location: PostgresLocation
    package let leaseTimeout: Duration
    /// How long opening one connection may take, the pool's and the probe's.
    package let connectTimeout: Duration
    package let logger: Logger
    package let outage = DatabaseOutage()
    package let changes = DocumentChangeHub()
    private let running: Task<Void, Never>
    /// Follows every instance's document changes (`follow`).
    private let following = Mutex<Task<Void, Never>?>(nil)

    /// How long a request waits for a connection while the database is known to be gone: long
    /// enough for the pool to hand one out as soon as the database is back, short enough that a
    /// client learns of the outage within a second.
    package static let outageLeaseTimeout = Duration.milliseconds(500)

    /// `connectTimeout` by default: far shorter than the lease, so that an outage is found
    /// before it; long enough for a database on another machine of the same network.
    package static let defaultConnectTimeout = Duration.seconds(1)

    /// What `connectTimeout` may be.
    package static let connectTimeouts = Duration.milliseconds(100)...Duration.seconds(60)
    /// Connects to `url`, checks the database answers, and migrates it; the URL's
    /// `connect_timeout`, when it has one, is taken over `connectTimeout`. Throws
    /// `ServerStoreError.cannotOpen` with the reason when the URL is wrong or the database
    /// cannot be reached.
    package init(
        url: String, maximumConnections: Int = 20, keepsConnectionsOpen: Bool = false, leaseTimeout: Duration = .seconds(5),
        connectTimeout: Duration = PostgresServerStore.defaultConnectTimeout, logger: Logger? = nil
    ) async throws {
        let location = try PostgresLocation(url: url)
        let connectTimeout = location.connectTimeout ?? connectTimeout
        guard Self.connectTimeouts.contains(connectTimeout) else {
            throw ServerStoreError.cannotOpen(path: location.shown, reason: "the connect time-out must be between 100 ms and 60 s, not \(connectTimeout)")
        }
        let logger = logger ?? Logger(label: "roster-server.postgres")
        self.location = location
        self.leaseTimeout = leaseTimeout
        self.connectTimeout = connectTimeout
        self.logger = logger
        try await Self.checkReachable(location, logger: logger)
        var configuration = location.clientConfiguration
        configuration.options.maximumConnections = maximumConnections
        // No timer each time a connection goes back to the pool: the pool would start a
        // keep-alive timer, and an idle-timeout timer for connections above the minimum, each
        // time, and a cancelled timer holds its memory until it would have fired (30 and 60 s),
        // which under load is tens of megabytes. A serving pool keeps its connections open; one
        // that died fails its next query, which answers 503 and is replaced.
        configuration.options.minimumConnections = keepsConnectionsOpen ? maximumConnections : 0
        configuration.options.keepAliveBehavior = nil
        configuration.options.connectTimeout = connectTimeout
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        running = Task { await client.run() }
        do {
            try await PostgresMigrations.migrate(self)
        } catch {
            running.cancel()
            throw ServerStoreError.cannotOpen(path: location.shown, reason: "migration failed: \(Self.reason(error))")
        }
        // The changes already written are not news to this instance's watchers, even while its
        // follower has yet to listen.
        changes.start(after: (try? await newestDocumentChange()) ?? 0)
        // Listening before the store is handed out, so that a watcher opened once the server
        // answers sees every change committed after it (at most `startTimeout` waited: a
        // follower that cannot connect yet goes on trying, and says so in the log).
        let (listening, heard) = AsyncStream.makeStream(of: Void.self)
        let hub = changes
        let task = Task { await Self.follow(location, hub: hub, logger: logger, listening: { heard.yield(); heard.finish() }) }
        following.withLock { $0 = task }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await _ in listening { return } }
            group.addTask { try? await Task.sleep(for: Self.startTimeout) }
            await group.next()
            group.cancelAll()
        }
    }

    deinit {
        following.withLock { $0?.cancel() }
        running.cancel()
    }

    /// One direct connection first, so that a wrong URL, a missing database or a refused log-in
    /// is reported at start as what it is, rather than as a pool that keeps retrying. Also the
    /// probe, with a shorter wait, when a request's wait for a connection runs out.
    package static func checkReachable(_ location: PostgresLocation, within limit: Duration = .seconds(10), logger: Logger) async throws {
        let configuration = try location.connectionConfiguration()
        do {
            let connection = try await withThrowingTaskGroup(of: PostgresConnection.self) { group in
                group.addTask {
                    try await PostgresConnection.connect(
                        on: PostgresClient.defaultEventLoopGroup.any(), configuration: configuration, id: 0, logger: logger)
                }
                group.addTask {
                    try await Task.sleep(for: limit)
                    throw ServerStoreError.cannotOpen(path: location.shown, reason: "no answer within \(limit)")
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
            try await connection.close()
        } catch let error as ServerStoreError {
            throw error
        } catch {
            throw ServerStoreError.cannotOpen(path: location.shown, reason: reason(error))
        }
    }

    /// What went wrong, in words, without the query or its values.
    package static func reason(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] { return message }
        if let underlying = error.underlying { return "\(underlying)" }
        return "\(error.code)"
    }

    // MARK: Connections and transactions

    /// How long the migration at start waits for its connection: as long as the reachability
    /// check at start, since a loaded machine may take longer than `leaseTimeout` to open the
    /// pool's first connection, and a database that is reachable is no outage.
    package static let startTimeout = Duration.seconds(10)

    /// Runs `body` on a pooled connection, waiting at most `waitingAtMost` (by default
    /// `leaseTimeout`, or `outageLeaseTimeout` while the database is known to be gone) for one.
    /// A connection that closes under `body` is answered `StoreUnavailable` (`LeaseWatch`).
    package func withConnection<R: Sendable>(
        waitingAtMost wait: Duration? = nil, _ body: @escaping @Sendable (PostgresConnection) async throws -> R
    ) async throws -> R {
        let watch = LeaseWatch<R>()
        let outage = outage
        let timeout = wait ?? (outage.isKnown ? Self.outageLeaseTimeout : leaseTimeout)
        let client = client
        let (location, logger, connectTimeout) = (location, logger, connectTimeout)
        // One direct connection tells a database gone from a busy pool (the pool retries a
        // connection it cannot open without failing the wait).
        let reachable: @Sendable () async -> Bool = {
            (try? await Self.checkReachable(location, within: connectTimeout, logger: logger)) != nil
        }
        let work = Task {
            try await client.withConnection { connection in
                // The watch answered the caller already: nothing is run for it.
                guard watch.take(connection) else { throw StoreUnavailable() }
                outage.end()
                return try await body(connection)
            }
        }
        do {
            return try await watch.outcome(of: work, waitingAtMost: timeout, outage: outage, reachable: reachable)
        } catch let error as PSQLError where error.isUnavailable {
            outage.begin()
            throw StoreUnavailable()
        } catch let error as StoreUnavailable {
            // A wait that ran out is a busy pool or a database gone.
            await outage.probe(reachable)
            throw error
        }
    }

    /// Runs `body` in one SERIALIZABLE transaction, again from the start when PostgreSQL
    /// reports a conflict with a concurrent transaction.
    package func write<R: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> R) async throws -> R {
        let logger = logger
        var attempt = 0
        while true {
            do {
                return try await withConnection { connection in
                    try await connection.query("BEGIN ISOLATION LEVEL SERIALIZABLE", logger: logger)
                    do {
                        let value = try await body(connection)
                        try await connection.query("COMMIT", logger: logger)
                        return value
                    } catch {
                        _ = try? await connection.query("ROLLBACK", logger: logger)
                        throw error
                    }
                }
            } catch let error as PSQLError where error.isConflict && attempt < 50 {
                attempt += 1
                try await Task.sleep(for: .milliseconds(Int.random(in: 1...(2 + attempt * 2))))
            }
        }
    }

    /// Runs one query outside a transaction and collects its rows.
    package func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        let logger = logger
        return try await withConnection { connection in
            try await connection.query(query, logger: logger).collect()
        }
    }

    // MARK: Signing keys

    package func signingSecret(name: String, ifAbsent candidate: [UInt8]) async throws -> [UInt8] {
        let logger = logger
        return try await write { db in
            try await db.query(
                "INSERT INTO signing_secrets (name, secret) VALUES (\(name), \(Data(candidate))) ON CONFLICT (name) DO NOTHING",
                logger: logger)
            let stored = try await db.query("SELECT secret FROM signing_secrets WHERE name = \(name)", logger: logger)
                .collect().first?.decode(Data.self)
            return Array(stored ?? Data(candidate))
        }
    }
}

extension PSQLError {
    package var sqlState: String? { serverInfo?[.sqlState] }

    /// A concurrent transaction won: the transaction is to be run again.
    package var isConflict: Bool { sqlState == "40001" || sqlState == "40P01" }

    /// A UNIQUE or PRIMARY KEY constraint refused the row.
    package var isUniqueViolation: Bool { sqlState == "23505" }

    /// The database is down, restarting or unreachable, rather than refusing a statement.
    package var isUnavailable: Bool {
        if code != .server { return code != .queryCancelled && code != .tooManyParameters }
        guard let state = sqlState else { return false }
        return state.hasPrefix("08") || state.hasPrefix("57P")
    }
}
