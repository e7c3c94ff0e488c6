import Foundation
import RosterWire
import Testing

@testable import RosterCore

/// A switch asks the server whether the session still lives (a refresh) when it can: a session
/// the server ended is logged out and not switched to, and nobody becomes active unsaid.
@Suite("A switch checks the session")
struct SwitchCheckTests {
    // BEHAVIOURS 51
    @Test func aSessionTheServerEndedIsNotSwitchedTo() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        fixture.clock.advance(by: 10)
        let emma = try await app.login(credentials: Fixture.emma)
        _ = try await fixture.server.admin.revokeSessions(appId: fixture.appId, userId: joe.id)

        let error = await rosterError { try await app.switchUser(to: joe, secret: nil) }
        guard case .sessionExpired(let name, _)? = error else {
            Issue.record("expected sessionExpired, got \(String(describing: error))")
            return
        }
        #expect(name == "joe@example.com")
        #expect(joe.state == .loggedOut)
        #expect(app.currentUser?.id == emma.id)
        let newest = try #require(try app.history().first)
        #expect(newest.event == .sessionEnded && newest.userId == joe.id)
    }

    // BEHAVIOURS 51
    @Test func aLiveSessionIsSwitchedToAfterTheServerSaysSo() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        _ = try await app.login(credentials: Fixture.emma)
        fixture.transport.reset()
        try await app.switchUser(to: joe, secret: nil)
        #expect(app.currentUser?.id == joe.id)
        #expect(fixture.transport.count(.post, Route.session) == 1, "one refresh asked the server")
    }

    // BEHAVIOURS 51
    @Test func anUnreachableServerDoesNotStopASwitch() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        _ = try await app.login(credentials: Fixture.emma)
        fixture.transport.offline = true
        try await app.switchUser(to: joe, secret: nil)
        #expect(app.currentUser?.id == joe.id)
        #expect(joe.state == .loggedIn)
    }

    // BEHAVIOURS 27
    @Test func whenTheActiveSessionEndsTheErrorAndHistorySayWhoIsActiveNow() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        fixture.clock.advance(by: 10)
        let emma = try await app.login(credentials: Fixture.emma)
        _ = try await fixture.server.admin.revokeSessions(appId: fixture.appId, userId: emma.id)

        let error = await rosterError { try await emma.refreshCustomData() }
        #expect(error?.description.contains("joe@example.com is active now") == true, "\(String(describing: error))")
        #expect(app.currentUser?.id == joe.id)
        let newest = try app.history().prefix(2).map { "\($0.event.rawValue) \($0.userName ?? "")" }
        #expect(newest == ["switch joe@example.com", "session ended emma@example.com"])
    }
}
