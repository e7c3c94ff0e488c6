import Foundation
import RosterServer
import RosterServerCore
import RosterWire
import Synchronization
import Testing

@testable import RosterCore

/// The session core against a server that rotates refresh tokens (the demo app does): each
/// refresh's new refresh token is stored with its access token, in one write, whichever
/// process asked.
@Suite("Refresh-token rotation")
struct RotationTests {
    static let joePIN = "90417253"

    func claims(_ token: String?) throws -> RefreshTokenClaims {
        try UnverifiedJWT.claims(RefreshTokenClaims.self, of: try #require(token))
    }

    // BEHAVIOURS 29
    @Test func aUserStaysLoggedInAcrossManyRotatingRefreshes() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        var seen: Set<String> = [try #require(joe.refreshToken)]
        fixture.transport.reset()
        for round in 1...25 {
            fixture.clock.advance(by: 1800)
            _ = try await joe.freshAccessToken()
            #expect(seen.insert(try #require(joe.refreshToken)).inserted)
            #expect(try claims(joe.refreshToken).generation == round)
        }
        #expect(fixture.transport.count(.post, Route.session) == 25)
        #expect(joe.state == .loggedIn)
        // Another process over the device carries on from the latest pair.
        let other = try fixture.makeApp(transport: fixture.makeTransport())
        let joeThere = try #require(other.user(id: joe.id))
        fixture.clock.advance(by: 1800)
        #expect(try await joeThere.refreshProfile().email == "joe@example.com")
        #expect(joe.state == .loggedIn && joeThere.state == .loggedIn)
        #expect(joe.refreshToken == joeThere.refreshToken)
        #expect(try claims(joe.refreshToken).generation == 26)
        #expect(await fixture.refreshStatus(try #require(joe.refreshToken)) == 200)
    }

    // BEHAVIOURS 28, 29
    @Test func aRefreshWhoseAnswerIsLostIsRetriedWithinTheGraceWindowAndKeepsItsUser() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        fixture.clock.advance(by: 1800)
        // The server rotates on the first try, and its answer never comes back.
        fixture.transport.reset()
        fixture.transport.loseAnswers(1, of: .post, Route.session) { fixture.clock.advance(by: $0) }
        _ = try await joe.freshAccessToken()
        #expect(fixture.transport.count(.post, Route.session) == 2)
        #expect(fixture.transport.requests.first?.timeout ?? 30 < 10)
        // The retry came within the grace window, so it was given the same new token.
        #expect(joe.state == .loggedIn)
        #expect(try claims(joe.refreshToken).generation == 1)
        #expect(await fixture.refreshStatus(try #require(joe.refreshToken)) == 200)
    }

    // BEHAVIOURS 28
    @Test func aRefreshWhoseAnswersKeepBeingLostStopsWithinTheGraceWindowAndLogsNobodyOut() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        fixture.clock.advance(by: 1800)
        let started = fixture.clock.now()
        let sentAt = Mutex<[Date]>([])
        fixture.transport.loseAnswers(10, of: .post, Route.session) { waited in
            sentAt.withLock { $0.append(fixture.clock.now()) }
            fixture.clock.advance(by: waited)
        }
        let error = await rosterError { try await joe.freshAccessToken() }
        guard case .network = error else {
            Issue.record("expected a network error, got \(String(describing: error))")
            return
        }
        #expect(joe.state == .loggedIn)
        let times = sentAt.withLock { $0 }
        #expect(times.count >= 2)
        #expect(times.allSatisfy { $0.timeIntervalSince(started) < 10 })
    }

    // BEHAVIOURS 29
    @Test func twoProcessesRefreshingAtOnceRoundAfterRoundStayConsistent() async throws {
        let fixture = try await Fixture.start()
        let first = try fixture.makeApp()
        let joe = try await first.login(credentials: Fixture.joe)
        let second = try fixture.makeApp(transport: fixture.makeTransport())
        let joeThere = try #require(second.user(id: joe.id))
        for round in 1...5 {
            // Past the grace window each round: a stale token would end the session.
            fixture.clock.advance(by: 1800)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<6 { group.addTask { _ = try await (index.isMultiple(of: 2) ? joe : joeThere).freshAccessToken() } }
                try await group.waitForAll()
            }
            #expect(joe.state == .loggedIn && joeThere.state == .loggedIn)
            #expect(joe.refreshToken == joeThere.refreshToken)
            #expect(joe.accessToken == joeThere.accessToken)
            #expect(try claims(joe.refreshToken).generation == round, "the session advanced once per round")
            #expect(await fixture.refreshStatus(try #require(joe.refreshToken)) == 200)
        }
    }

    // BEHAVIOURS 29, 44
    @Test func aPINSealedUsersNewRefreshTokenStaysSealedWithThePIN() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        try await app.setPolicy(DevicePolicy(switching: .pin))
        let joe = try await app.login(credentials: Fixture.joe, pin: Self.joePIN)
        let before = try #require(joe.refreshToken)
        fixture.clock.advance(by: 1800)
        _ = try await joe.freshAccessToken()
        let after = try #require(joe.refreshToken)
        #expect(after != before)
        // Neither token is on disk in clear.
        #expect(try await SharedTerminalTests.filesHolding([before, after], in: fixture.directory).isEmpty)
        // Another process needs the PIN to read it, and then reads the new one.
        let other = try fixture.makeApp()
        let joeThere = try #require(other.user(id: joe.id))
        #expect(joeThere.isLocked && joeThere.secretKind == .pin)
        #expect(joeThere.refreshToken == nil)
        try await joeThere.unlock(secret: Self.joePIN)
        #expect(joeThere.refreshToken == after)
        // A switch asks the server whether the session lives (BEHAVIOURS 51): a refresh, which
        // this app rotates, sealed with the PIN as well.
        try await other.switchUser(to: joeThere, secret: nil)
        let checked = try #require(joeThere.refreshToken)
        #expect(checked != after && checked != before)
        #expect(try await SharedTerminalTests.filesHolding([checked], in: fixture.directory).isEmpty)
    }
}
