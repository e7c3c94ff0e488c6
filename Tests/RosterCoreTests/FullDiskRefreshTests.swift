import Foundation
import RosterServer
import RosterServerCore
import RosterWire
import Testing

@testable import RosterCore

/// The device store's disk full while the server rotates refresh tokens (the demo app does): the
/// new refresh token is held in memory and presented, never the replaced one on disk (which the
/// server takes as reuse once its grace window is over, ending the session), and it is stored
/// as soon as the store has room again.
@Suite("A full disk under the device store")
struct FullDiskRefreshTests {
    func generation(_ token: String?) throws -> Int {
        try UnverifiedJWT.claims(RefreshTokenClaims.self, of: try #require(token)).generation ?? 0  // a log-in's token names none
    }

    @Test func aRotatedTokenTheStoreCannotTakeIsPresentedPastTheGraceWindowAndStoredOnceThereIsRoom() async throws {
        let fixture = try await Fixture.start()
        let store = try FullDiskStore(directory: fixture.directory)
        let app = try fixture.makeApp(store: store)
        let joe = try await app.login(credentials: Fixture.joe)
        /// The refresh token the device store holds.
        func stored() throws -> String? {
            try app.keys.opened(try #require(try store.base.user(id: joe.id))).refreshToken
        }
        #expect(try generation(try stored()) == 0)

        // The disk fills; the access token expires; the server rotates and the store refuses it.
        store.full = true
        fixture.transport.reset()
        fixture.clock.advance(by: 1800)
        _ = try await joe.freshAccessToken()
        #expect(store.refusedWrites >= 1)
        #expect(try generation(try stored()) == 0, "the store could not take the new token")
        #expect(try generation(app.tokens.current(joe).refreshToken) == 1, "held in memory")

        // Long past the server's grace window, still full: the next refresh presents the token
        // the server gave last, so it is no reuse, and the session lives.
        fixture.clock.advance(by: 1800)
        _ = try await joe.freshAccessToken()
        #expect(fixture.transport.count(.post, Route.session) == 2)
        #expect(joe.state == .loggedIn)
        let newest = try app.tokens.current(joe).refreshToken
        #expect(try generation(newest) == 2)
        #expect(try generation(try stored()) == 0)
        #expect(await fixture.refreshStatus(try #require(newest)) == 200)

        // Room again: the next use stores it, without asking the server.
        store.full = false
        _ = try await joe.freshAccessToken()
        #expect(fixture.transport.count(.post, Route.session) == 2)
        #expect(try stored() == newest)
        // And another process over the device carries on from it.
        let other = try fixture.makeApp(transport: fixture.makeTransport())
        fixture.clock.advance(by: 1800)
        _ = try await #require(other.user(id: joe.id)).freshAccessToken()
        #expect(try generation(try #require(other.user(id: joe.id)).refreshToken) == 3)
        #expect(joe.state == .loggedIn)
    }
}
