import Foundation
import GRDB
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

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
