import Foundation
import RosterWire
import Testing
@testable import RosterServer

@Suite struct LocationTests {
    @Test func inProcessLocationNamesLoopback() async throws {
        let t = try await TestServer.make()
        let response = await t.call(.get, Route.location(appId: t.appId))
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json")
        let location = try response.decoded(LocationResponse.self)
        #expect(location.hostname == "http://127.0.0.1")
        #expect(location.wsHostname == "ws://127.0.0.1")
        #expect(location.deploymentModel == "GLOBAL")
    }

    @Test func locationUsesTheHostHeader() async throws {
        let t = try await TestServer.make()
        let response = await t.server.respond(
            to: WireRequest(method: .get, path: Route.location(appId: t.appId), headers: ["host": "example.test:9090"]))
        let location = try response.decoded(LocationResponse.self)
        #expect(location.hostname == "http://example.test:9090")
    }

    @Test func unknownAppIsAppNotFound() async throws {
        let t = try await TestServer.make()
        let response = await t.call(.get, Route.location(appId: "nope"))
        #expect(response.status == 404)
        #expect(response.errorCode == "AppNotFound")
    }
}
