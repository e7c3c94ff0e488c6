import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

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

    /// The location is the server's public base: a request's `Host` does not move it.
    @Test func locationIsThePublicBaseWhateverTheHostHeaderSays() async throws {
        for publicURL in [nil, "https://auth.example.com"] {
            let configured = try publicURL.map { try PublicURL(parsing: $0) }
            let t = try await TestServer.make { $0.publicURL = configured }
            let response = await t.server.respond(
                to: WireRequest(method: .get, path: Route.location(appId: t.appId), headers: ["host": "example.test:9090"]))
            let location = try response.decoded(LocationResponse.self)
            #expect(location.hostname == publicURL ?? "http://127.0.0.1")
            #expect(location.wsHostname == (publicURL == nil ? "ws://127.0.0.1" : "wss://auth.example.com"))
        }
    }

    @Test func unknownAppIsAppNotFound() async throws {
        let t = try await TestServer.make()
        let response = await t.call(.get, Route.location(appId: "nope"))
        #expect(response.status == 404)
        #expect(response.errorCode == "AppNotFound")
    }
}
