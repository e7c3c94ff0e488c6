import Foundation
import Synchronization
import RosterServer
import RosterServerCore
import RosterWire
import Testing

@testable import RosterCore

@Suite("Tokens and sessions")
struct TokensTests {
    // BEHAVIOURS 26
    @Test func unauthorizedRequestIsRetriedOnceAfterARefresh() async throws {
        let fixture = try await Fixture.start()
        let deviceClock = TestClock(fixture.clock.now())  // the device does not see time pass
        let app = try fixture.makeApp(clock: deviceClock)
        let joe = try await app.login(credentials: Fixture.joe)
        let before = try #require(joe.accessToken)
        fixture.clock.advance(by: 3600)  // the server now finds the access token expired
        fixture.transport.reset()
        let profile = try await joe.refreshProfile()
        #expect(profile.email == "joe@example.com")
        #expect(fixture.transport.log == [
            "GET \(Route.profile)", "POST \(Route.session)", "GET \(Route.profile)",
        ])
        #expect(joe.accessToken != before)
        #expect(joe.state == .loggedIn)
    }

    // BEHAVIOURS 27
    @Test func revokedSessionLogsOutLocallyAndSaysWhy() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        fixture.clock.advance(by: 10)
        let emma = try await app.login(credentials: Fixture.emma)
        fixture.clock.advance(by: 10)
        let anonymous = try await app.login(credentials: .anonymous)
        fixture.clock.advance(by: 10)
        try app.switchUser(to: emma)  // emma, anonymous, joe

        _ = try await fixture.server.admin.revokeSessions(appId: fixture.appId, userId: emma.id)
        let error = await rosterError { try await emma.refreshCustomData() }
        guard case .sessionExpired(let name, _)? = error else {
            Issue.record("expected sessionExpired, got \(String(describing: error))")
            return
        }
        #expect(name == "emma@example.com")
        #expect(error?.description.contains("log in again") == true)
        #expect(emma.state == .loggedOut)
        #expect(app.currentUser?.id == anonymous.id)

        // Anonymous: removed. Disabled on the server: the same.
        try await fixture.server.admin.setDisabled(appId: fixture.appId, userId: anonymous.id, true)
        fixture.clock.advance(by: 3600)
        let anonymousError = await rosterError { try await anonymous.freshAccessToken() }
        #expect(anonymousError.map { if case .sessionExpired = $0 { true } else { false } } == true)
        #expect(anonymous.state == .removed)
        #expect(app.currentUser?.id == joe.id)
    }

    // BEHAVIOURS 28
    @Test func networkFailureDuringRefreshRetriesAndKeepsTheUserLoggedIn() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        fixture.transport.offline = true
        fixture.transport.reset()
        let error = await rosterError { try await joe.refreshCustomData() }
        #expect(error?.isNetwork == true)
        #expect(fixture.transport.count(.post, Route.session) == 4)  // one try and three retries
        #expect(fixture.clock.sleeps == [0.5, 1, 2])
        #expect(joe.state == .loggedIn)
        #expect(app.currentUser?.id == joe.id)

        // The network comes back: the next refresh works.
        fixture.transport.offline = false
        try await joe.refreshCustomData()
        #expect(joe.state == .loggedIn)
    }

    // BEHAVIOURS 28
    @Test func serverErrorDuringRefreshRetriesThenSucceeds() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let failures = Counter(2)
        fixture.transport.rewrite { request, response in
            guard request.path == Route.session, request.method == .post, failures.take() else { return response }
            return WireResponse(
                status: 503, headers: ["content-type": "application/json"],
                body: Data(#"{"error":"try later","error_code":"InternalServerError","link":""}"#.utf8))
        }
        let before = joe.accessToken
        fixture.clock.advance(by: 1)
        try await joe.refreshCustomData()
        #expect(fixture.transport.count(.post, Route.session) == 3)
        #expect(fixture.clock.sleeps.count == 2)
        #expect(joe.state == .loggedIn)
        #expect(joe.accessToken != before)
    }

    // BEHAVIOURS 29
    @Test func concurrentRefreshesInOneProcessAreCoalesced() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let refreshToken = joe.refreshToken
        fixture.clock.advance(by: 1800)
        fixture.transport.reset()
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try await joe.freshAccessToken() } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(fixture.transport.count(.post, Route.session) == 1)
        #expect(Set(tokens).count == 1)
        #expect(tokens.first == joe.accessToken)
        // The demo app rotates refresh tokens: the one answer's new token is stored.
        #expect(joe.refreshToken != refreshToken)
        #expect(try UnverifiedJWT.claims(RefreshTokenClaims.self, of: try #require(joe.refreshToken)).generation == 1)
        #expect(joe.state == .loggedIn)
    }

    // BEHAVIOURS 29
    @Test func concurrentRefreshesFromTwoProcessesLeaveOneConsistentPair() async throws {
        let fixture = try await Fixture.start()
        let first = try fixture.makeApp()
        let joe = try await first.login(credentials: Fixture.joe)
        let refreshToken = joe.refreshToken
        let second = try fixture.makeApp(transport: fixture.makeTransport())
        let joeThere = try #require(second.currentUser)
        fixture.clock.advance(by: 1800)
        async let one = joe.refreshCustomData()
        async let two = joeThere.refreshCustomData()
        _ = try await (one, two)
        #expect(joe.state == .loggedIn && joeThere.state == .loggedIn)
        #expect(joe.accessToken == joeThere.accessToken)
        // Both asked with one refresh token: the server advanced the session once, and both
        // stored the same new token.
        #expect(joe.refreshToken == joeThere.refreshToken)
        #expect(joe.refreshToken != refreshToken)
        #expect(try UnverifiedJWT.claims(RefreshTokenClaims.self, of: try #require(joe.refreshToken)).generation == 1)
        let claims = try UnverifiedJWT.claims(AccessTokenClaims.self, of: try #require(joe.accessToken))
        #expect(claims.sub == joe.id)
        #expect(try await joe.freshAccessToken() == joe.accessToken)
    }

    // BEHAVIOURS 30
    @Test(arguments: [5 * 3600.0, -5 * 3600.0, 0])
    func refreshesBeforeExpiryOnceWhateverTheDeviceClock(offset: TimeInterval) async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp(clock: OffsetClock(base: fixture.clock, offset: offset))
        let joe = try await app.login(credentials: Fixture.joe)
        let first = try #require(joe.accessToken)
        fixture.transport.reset()
        #expect(try await joe.freshAccessToken() == first)
        #expect(try await joe.freshAccessToken() == first)
        #expect(fixture.transport.count(.post, Route.session) == 0)

        fixture.clock.advance(by: 1750)  // 50 s left, inside the 60 s margin
        let second = try await joe.freshAccessToken()
        #expect(second != first)
        #expect(try await joe.freshAccessToken() == second)
        #expect(fixture.transport.count(.post, Route.session) == 1)
        #expect(joe.state == .loggedIn)
        let expiresIn = try #require(joe.accessTokenExpiresAt).timeIntervalSince(fixture.clock.now().addingTimeInterval(offset))
        #expect(abs(expiresIn - 1800) < 2)
    }
}

extension TokensTests {
    // BEHAVIOURS 28
    @Test func rateLimitedRefreshWaitsAsTheServerAsks() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let failures = Counter(1)
        fixture.transport.rewrite { request, response in
            guard request.path == Route.session, request.method == .post, failures.take() else { return response }
            return WireResponse(
                status: 429, headers: ["content-type": "application/json", "retry-after": "7"],
                body: Data(#"{"error":"slow down","error_code":"TooManyRequests","link":""}"#.utf8))
        }
        try await joe.refreshCustomData()
        #expect(fixture.clock.sleeps == [7])
        #expect(joe.state == .loggedIn)
    }

    // BEHAVIOURS 30
    @Test func aDeviceClockThatJumpsAheadCostsOneRefreshNotALoop() async throws {
        let fixture = try await Fixture.start()
        let deviceClock = TestClock(fixture.clock.now())
        let app = try fixture.makeApp(clock: deviceClock)
        let joe = try await app.login(credentials: Fixture.joe)
        deviceClock.advance(by: 6 * 3600)  // the device clock jumps; the server's does not
        fixture.transport.reset()
        let refreshed = try await joe.freshAccessToken()
        #expect(try await joe.freshAccessToken() == refreshed)
        _ = try await joe.refreshProfile()
        #expect(fixture.transport.count(.post, Route.session) == 1)
        #expect(joe.state == .loggedIn)
        #expect(app.currentUser?.id == joe.id)
    }
}

/// Counts down from a number; `take()` is true while some are left.
final class Counter: Sendable {
    private let left: Mutex<Int>
    init(_ count: Int) { left = Mutex(count) }
    func take() -> Bool {
        left.withLock { left in
            guard left > 0 else { return false }
            left -= 1
            return true
        }
    }
}
