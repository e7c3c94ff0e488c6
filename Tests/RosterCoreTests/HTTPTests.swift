import Foundation
import RosterServer
import RosterServerCore
import RosterWire
import Testing

@testable import RosterCore

/// The same behaviours over real HTTP on a loopback port, through `HTTPTransport`.
@Suite("Over HTTP")
struct HTTPTests {
    /// Serves the fixture's server on 127.0.0.1 and runs `body` with its base URL.
    func withServer(_ fixture: Fixture, _ body: (URL) async throws -> Void) async throws {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let server = fixture.server
        let serving = Task {
            try await server.serve(host: "127.0.0.1", port: 0) { port in continuation.yield(port) }
        }
        defer { serving.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        try await body(URL(string: "http://127.0.0.1:\(port)")!)
    }

    // BEHAVIOURS 5, 6, 31
    @Test func logInOverHTTP() async throws {
        let fixture = try await Fixture.start()
        try await withServer(fixture) { url in
            let app = try fixture.makeApp(transport: HTTPTransport(baseURL: url))
            let joe = try await app.login(credentials: Fixture.joe)
            let emma = try await app.login(credentials: Fixture.emma)
            #expect(app.currentUser?.id == emma.id)
            #expect(joe.state == .loggedIn)
            #expect(joe.profile.name == "Joe")
            #expect(emma.customData["favoriteColor"] == "purple")
            let wrong = await rosterError {
                try await app.login(credentials: .emailPassword(email: "joe@example.com", password: "wrong-one"))
            }
            #expect(wrong?.serverCode == .invalidPassword)
        }
    }

    // BEHAVIOURS 19, 30
    @Test func refreshAndLogOutOverHTTP() async throws {
        let fixture = try await Fixture.start()
        try await withServer(fixture) { url in
            let app = try fixture.makeApp(transport: HTTPTransport(baseURL: url))
            let joe = try await app.login(credentials: Fixture.joe)
            let first = try #require(joe.accessToken)
            let refreshToken = try #require(joe.refreshToken)
            fixture.clock.advance(by: 1790)
            let second = try await joe.freshAccessToken()
            #expect(second != first)
            let report = try await joe.logOut()
            #expect(report.revocationError == nil)
            #expect(await fixture.refreshStatus(refreshToken) == 401)
        }
    }

    // BEHAVIOURS 11, 19
    @Test func unreachableServerIsANetworkErrorAndReadsStillWork() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        // Nothing listens on port 1 of loopback.
        let unreachable = HTTPTransport(baseURL: URL(string: "http://127.0.0.1:1")!, timeout: 2)
        let offline = try fixture.makeApp(transport: unreachable)
        let error = await rosterError { try await offline.login(credentials: Fixture.emma) }
        #expect(error?.isNetwork == true)
        #expect(error?.description.contains("cannot reach the server") == true)
        let stored = try #require(offline.currentUser)
        #expect(stored.id == joe.id)
        #expect(stored.customData["favoriteColor"] == "green")
        let report = try await stored.logOut()
        #expect(report.revocationError?.isNetwork == true)
        #expect(stored.state == .loggedOut)
    }
}
