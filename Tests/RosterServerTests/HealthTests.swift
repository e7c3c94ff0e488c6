import Foundation
import GRDB
import PostgresNIO
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
@testable import RosterPostgres

/// `/health` answers while the process serves; `/ready` answers whether the store is reachable
/// and can write.
@Suite(.timeLimit(.minutes(2))) struct HealthTests {
    @Test func healthAnswersOkOutsideTheClientAPI() async throws {
        let test = try await TestServer.make()
        let response = await test.call(.get, "/health")
        #expect(response.status == 200)
        #expect(response.json == ["status": "ok"])
        #expect(response.headers["content-type"] == "application/json")
    }

    @Test(arguments: StoreKind.allCases) func readyAnswersOkWhileTheStoreAnswers(_ kind: StoreKind) async throws {
        let test = try await TestServer.make(store: kind)
        let response = await test.call(.get, "/ready")
        #expect(response.status == 200)
        #expect(response.json == ["status": "ready"])
    }

    @Test func readyAnswers503WhenTheStoreIsGone() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-ready-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SQLiteServerStore(path: directory.appendingPathComponent("server.sqlite").path)
        let server = try await RosterServer.open(store: store, apps: [TestConfig.app()], environment: ServerEnvironment())
        try store.pool.close()
        let ready = await server.respond(to: WireRequest(method: .get, path: "/ready"))
        #expect(ready.status == 503)
        #expect(ready.json == ["status": "unavailable", "reason": "the store cannot be reached"])
        #expect(ready.headers["retry-after"] == String(RetryAfter.defaultSeconds), "every 503 names its wait")
        // Liveness is about the process, not the store.
        #expect(await server.respond(to: WireRequest(method: .get, path: "/health")).status == 200)
    }

    @Test func healthTakesNoOtherMethod() async throws {
        let test = try await TestServer.make()
        let response = await test.call(.post, "/health", json: [:])
        #expect(response.status == 404)
        #expect(response.errorCode == "RouteNotFound")
    }

    /// A full disk: a write is refused with 503 and `Retry-After` (room may be made), never a
    /// 500; `/ready` answers 503 with the reason while the store cannot write, and 200 again
    /// once a write probe passes. The disk is filled for real as SQLite sees it: the writer
    /// connection may not grow the file past the pages it has.
    @Test func aFullDiskRefusesWritesWith503AndReadyTellsUntilRoomIsMade() async throws {
        let test = try await TestServer.make()
        let store = try #require(test.server.services.health.store as? SQLiteServerStore)
        #expect(await test.call(.get, "/ready").status == 200)
        try await store.pool.writeWithoutTransaction { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages)")
        }
        var refused: WireResponse?
        for _ in 0..<2000 {
            let answer = await test.login(.anonymous)
            if answer.status != 200 {
                refused = answer
                break
            }
        }
        let full = try #require(refused, "the store never filled")
        #expect(full.status == 503)
        #expect(full.errorCode == "ServiceUnavailable")
        #expect(full.headers["retry-after"] == String(RetryAfter.defaultSeconds))

        let ready = await test.call(.get, "/ready")
        #expect(ready.status == 503)
        #expect(ready.json == ["status": "unavailable", "reason": "the store cannot write (a full disk or a read-only database)"])
        #expect(ready.headers["retry-after"] == String(RetryAfter.defaultSeconds))
        #expect(await test.call(.get, "/health").status == 200, "the process still serves")

        try await store.pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1073741823") }
        // Ready once a probe writes: at most a second after the last one.
        while await test.call(.get, "/ready").status != 200 {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(await test.login(.anonymous).status == 200)
    }

    /// PostgreSQL that cannot write (read-only, as a standby is): a write is 503 with
    /// `Retry-After`, never a 500, and `/ready` says the store cannot write while reads still
    /// answer.
    @Test func aReadOnlyPostgreSQLRefusesWritesWith503AndReadyTells() async throws {
        let test = try await TestServer.make(store: .postgres)
        let store = try #require(test.server.services.health.store as? PostgresServerStore)
        let logger = store.logger
        // New connections open read-only; this one is made so, and every other is ended.
        try await store.withConnection { db in
            try await db.query(
                "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET default_transaction_read_only = on', current_database()); END $$",
                logger: logger)
        }
        try await store.withConnection { db in
            try await db.query("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY", logger: logger)
            try await db.query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
                logger: logger)
        }
        // A connection ended under the pool may first answer the store's own 503.
        var refused: WireResponse?
        for _ in 0..<50 {
            let answer = await test.login(.anonymous)
            if answer.errorCode == "ServiceUnavailable" {
                refused = answer
                break
            }
        }
        let readOnly = try #require(refused, "no write was refused as the store's")
        #expect(readOnly.status == 503)
        #expect(readOnly.headers["retry-after"] == String(RetryAfter.defaultSeconds))
        var ready = await test.call(.get, "/ready")
        for _ in 0..<20 where ready.json?["reason"] != "the store cannot write (a full disk or a read-only database)" {
            ready = await test.call(.get, "/ready")
        }
        #expect(ready.status == 503)
        #expect(ready.json?["reason"] == "the store cannot write (a full disk or a read-only database)")
        #expect(ready.headers["retry-after"] == String(RetryAfter.defaultSeconds))
    }

    /// The write probe takes nothing lasting: its table stays empty.
    @Test(arguments: StoreKind.allCases) func theWriteProbeLeavesNoRow(_ kind: StoreKind) async throws {
        let test = try await TestServer.make(store: kind)
        try await test.server.services.health.store.probeWrite()
        #expect(await test.call(.get, "/ready").status == 200)
        if let store = test.server.services.health.store as? SQLiteServerStore {
            #expect(try await store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM write_probes") } == 0)
        }
    }
}
