import Foundation
import Synchronization
import RosterWire
import Testing
import ThrowawayPostgres
@testable import RosterServer
@testable import RosterServerCore
@testable import RosterPostgres

/// PostgreSQL stopped and started again under a running server: requests fail with a 503
/// `InternalServerError` JSON while it is down, and the server recovers by itself, sessions
/// kept. A database that cannot be reached at start is one clear error.
@Suite struct PostgresOutageTests {
    // The time limit guards the first request: with no connect time-out it would wait the lease.
    @Test(.timeLimit(.minutes(2))) func aStoppedDatabaseAnswers503AndTheServerRecoversWithItsSessions() async throws {
        // A cluster of this test's own, since it is stopped halfway.
        let cluster = PostgresCluster()
        defer { Task { await cluster.shutDown() } }
        let url = try await cluster.newDatabaseURL()
        // The pool as `roster-server serve` has it: its connections kept open, all of them lost
        // when the database stops.
        // A lease time of 10 minutes: an outage must not cost it, not even its first request,
        // which finds the database gone by the connect time-out.
        let store = try await PostgresServerStore(url: url, maximumConnections: 4, keepsConnectionsOpen: true, leaseTimeout: .seconds(600))
        #expect(store.connectTimeout == PostgresServerStore.defaultConnectTimeout && store.connectTimeout < store.leaseTimeout)
        let config = TestConfig.app()
        let server = try await RosterServer.open(store: store, apps: [config], environment: ServerEnvironment())
        func call(_ method: WireMethod, _ path: String, bearer: String? = nil, json: String? = nil) async -> WireResponse {
            var headers = ["content-type": "application/json"]
            if let bearer { headers["authorization"] = "Bearer \(bearer)" }
            return await server.respond(to: WireRequest(method: method, path: path, headers: headers, body: json.map { Data($0.utf8) }))
        }
        let login = try await call(.post, Route.login(appId: config.appId, provider: .anonymous), json: "{}").decoded(LoginResponse.self)

        try await cluster.stop()
        #expect(!store.outage.isKnown)
        let down = await call(.post, Route.session, bearer: login.refreshToken)
        #expect(down.status == 503)
        #expect(store.outage.isKnown, "found by a direct connection, not by the lease running out")
        #expect(down.errorCode == "InternalServerError")
        #expect(down.headers["retry-after"] == "1" || down.headers["Retry-After"] == "1")
        // Once the store knows, requests and /ready answer 503 after a 500 ms wait for a
        // connection, not after the lease time; more of them than the pool had connections. (Any
        // one that waited the lease, 600 s, would outlast the test's time limit.)
        for round in 1...6 {
            for (method, path) in [(WireMethod.post, Route.session), (.get, HealthRoutes.ready)] {
                let answer = await call(method, path, bearer: method == .post ? login.refreshToken : nil)
                #expect(answer.status == 503, "round \(round): \(path)")
            }
        }

        try await cluster.resume()
        var refreshed = down
        for _ in 0..<40 where refreshed.status != 200 {
            try await Task.sleep(for: .milliseconds(250))
            refreshed = await call(.post, Route.session, bearer: login.refreshToken)
        }
        #expect(refreshed.status == 200, "the session outlives the outage")
        let access = try refreshed.decoded(SessionResponse.self).accessToken
        #expect(await call(.get, Route.profile, bearer: access).status == 200)
    }

    @Test func everyConnectionBusyPastTheLimitAnswers503() async throws {
        let url = try await PostgresCluster.shared.newDatabaseURL()
        // The limit leaves room for a loaded machine to open the first connection (and migrate).
        let store = try await PostgresServerStore(url: url, maximumConnections: 1, leaseTimeout: .seconds(2))
        // One connection, held by a slow statement: the next caller waits its limit, then is refused.
        let (held, holding) = AsyncStream.makeStream(of: Void.self)
        let released = Mutex(false)
        let holder = Task {
            try await store.withConnection { db in
                holding.yield()
                defer { released.withLock { $0 = true } }
                return try await db.query("SELECT pg_sleep(15)", logger: store.logger).collect().count
            }
        }
        var arrivals = held.makeAsyncIterator()
        _ = await arrivals.next()
        await #expect(throws: StoreUnavailable.self) { _ = try await store.userCount(appId: "a") }
        #expect(!released.withLock { $0 }, "refused at its limit, not when the holder let go")
        _ = try await holder.value
        #expect(try await store.userCount(appId: "a") == 0)
    }

    /// A statement written to a connection that has closed is never answered by PostgresNIO:
    /// the store gives such work up and answers 503 within about a second. The hang: a request
    /// that took from the pool a connection the database had just ended waited forever. The
    /// test waits for the answer apart from the work, so that without the watch it fails
    /// rather than hangs.
    @Test func aStatementOnAConnectionClosedUnderItIsAnswered503() async throws {
        let url = try await PostgresCluster.shared.newDatabaseURL()
        let store = try await PostgresServerStore(url: url)
        let began = ContinuousClock.now
        let answer = await AnswerWithin.seconds(20) {
            try await store.withConnection { db in
                try await db.close()
                return try await db.query("SELECT 1", logger: store.logger).collect().count
            }
        }
        #expect(answer == .failed("StoreUnavailable"), "\(answer)")
        #expect(ContinuousClock.now - began < .seconds(10))
        // The pool hands out another connection, and it works.
        #expect(try await store.rows("SELECT 1").count == 1)
    }

    /// The lease limit is for requests: opening the store waits for its first connection (and
    /// migrates) as long as the reachability check at start does, however short the lease, so a
    /// loaded machine slow to open that connection still starts.
    @Test func aLeaseShorterThanTheFirstConnectionStillOpensAndMigrates() async throws {
        let url = try await PostgresCluster.shared.newDatabaseURL()
        let store = try await PostgresServerStore(url: url, leaseTimeout: .nanoseconds(1))
        let applied = try await store.withConnection(waitingAtMost: .seconds(10)) { db in
            try await db.query("SELECT count(*) FROM roster_migrations", logger: store.logger).collect().first?.decode(Int.self)
        }
        #expect(applied == PostgresMigrations.migrations.count)
    }

    @Test func aConnectTimeOutOutsideItsRangeIsRefusedByName() async throws {
        let url = try await PostgresCluster.shared.newDatabaseURL()
        for wrong in [Duration.zero, .milliseconds(99), .seconds(61)] {
            await #expect {
                _ = try await PostgresServerStore(url: url, connectTimeout: wrong)
            } throws: { error in "\(error)".contains("the connect time-out must be between 100 ms and 60 s") }
        }
        #expect(try await PostgresServerStore(url: url, connectTimeout: .seconds(60)).connectTimeout == .seconds(60))
    }

    /// An operator sets it in the database URL, as libpq's `connect_timeout`; a wrong one is
    /// refused by name before anything is opened.
    @Test func theURLsConnectTimeoutIsTaken() async throws {
        let url = try await PostgresCluster.shared.newDatabaseURL()
        let joined = url.contains("?") ? "&" : "?"
        #expect(try await PostgresServerStore(url: url + joined + "connect_timeout=2.5").connectTimeout == .milliseconds(2500))
        #expect(try await PostgresServerStore(url: url).connectTimeout == PostgresServerStore.defaultConnectTimeout)
        for wrong in ["0", "0.05", "61", "nan", "inf", "-1", "two", "1e400"] {
            await #expect {
                _ = try await PostgresServerStore(url: url + joined + "connect_timeout=" + wrong)
            } throws: { error in "\(error)".contains("connect_timeout must be between 0.1 and 60 seconds") }
        }
    }

    @Test func anUnreachableOrWrongURLIsOneClearError() async throws {
        let url = try await PostgresCluster.shared.newDatabaseURL()
        let missing = url.replacingOccurrences(of: "/roster_", with: "/missing_")
        await #expect {
            _ = try await PostgresServerStore(url: missing)
        } throws: { error in
            "\(error)".contains("does not exist") && "\(error)".contains("cannot open the server database postgres://roster@")
        }
        await #expect {
            _ = try await PostgresServerStore(url: "postgres://roster:hunter2@127.0.0.1:1/roster")
        } throws: { error in
            "\(error)".contains("127.0.0.1:1") && !"\(error)".contains("hunter2")
        }
        await #expect {
            _ = try await PostgresServerStore(url: "postgres://127.0.0.1/roster")
        } throws: { error in "\(error)".contains("names no user") }
    }
}
