import Foundation
import RosterWire
import Testing

@testable import RosterCore

/// `TokenRefresher`'s decisions, against a real server in-process: when a token is stale, when
/// a POST `/auth/session` is sent, and when one is spared.
@Suite("Token refresher")
struct TokenRefresherTests {
    // BEHAVIOURS 30
    @Test func aTokenIsStaleOnlyWithinTheMarginOfItsDeviceTimeExpiry() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp(refreshMargin: 60)
        let joe = try await app.login(credentials: Fixture.joe)
        let tokens = app.tokens
        let row = try app.keys.loggedInRow(joe)
        let expiresAt = try #require(row.accessTokenExpiresAt)
        #expect(!tokens.needsRefresh(row))

        fixture.clock.advance(by: expiresAt.timeIntervalSince(fixture.clock.now()) - 61)
        #expect(!tokens.needsRefresh(row))
        fixture.clock.advance(by: 1)
        #expect(tokens.needsRefresh(row))

        // A row whose expiry cannot be known is always refreshed.
        var unknown = row
        unknown.accessTokenLifetime = nil
        #expect(unknown.accessTokenExpiresAt == nil)
        #expect(tokens.needsRefresh(unknown))
    }

    // BEHAVIOURS 26, 30
    @Test func aFreshTokenIsUsedAsItIsAndAStaleOneRefreshedOnce() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let tokens = app.tokens
        fixture.transport.reset()

        let first = try await tokens.freshAccessToken(joe)
        #expect(first == joe.accessToken)
        #expect(fixture.transport.count(.post, Route.session) == 0)

        fixture.clock.advance(by: 3 * 3600)
        let second = try await tokens.freshAccessToken(joe)
        #expect(second != first)
        #expect(fixture.transport.count(.post, Route.session) == 1)
        #expect(try await tokens.freshAccessToken(joe) == second)
        #expect(fixture.transport.count(.post, Route.session) == 1)
    }

    // BEHAVIOURS 29
    @Test func aCallerWithAStaleTokenGetsTheOneStoredMeanwhileWithoutAPost() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let tokens = app.tokens
        let stale = try #require(joe.accessToken)
        fixture.clock.advance(by: 10)
        let refreshed = try await tokens.refresh(joe)
        #expect(refreshed.accessToken != stale)
        fixture.transport.reset()

        let answer = try await tokens.refresh(joe, replacing: stale)
        #expect(answer.accessToken == refreshed.accessToken)
        #expect(fixture.transport.count(.post, Route.session) == 0)
        // Without `replacing`, a refresh is asked for and sent.
        _ = try await tokens.refresh(joe)
        #expect(fixture.transport.count(.post, Route.session) == 1)
    }

    // BEHAVIOURS 26
    @Test func anAuthorizedRequestRefreshesOnceOn401AndSendsOnceMore() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        fixture.transport.reset()
        let tokens = app.tokens
        // The server never takes the token: one refresh, two sends, then the 401 is the answer.
        let response = try await tokens.authorized(joe) { _ in .json(.get, Route.profile, bearer: "not.a.token") }
        #expect(response.status == 401)
        #expect(fixture.transport.count(.get, Route.profile) == 2)
        #expect(fixture.transport.count(.post, Route.session) == 1)
    }
}
