import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `/health` answers while the process serves; `/ready` answers whether the store is reachable.
@Suite struct HealthTests {
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
        #expect(ready.json == ["status": "unavailable"])
        // Liveness is about the process, not the store.
        #expect(await server.respond(to: WireRequest(method: .get, path: "/health")).status == 200)
    }

    @Test func healthTakesNoOtherMethod() async throws {
        let test = try await TestServer.make()
        let response = await test.call(.post, "/health", json: [:])
        #expect(response.status >= 400 && response.status < 500)
        #expect(response.errorCode != nil)
    }
}
