import Foundation
import RosterWire
import Testing

@testable import RosterCore

@Suite("Custom user data and profile")
struct CustomDataTests {
    // BEHAVIOURS 31
    @Test func customDataComesFromTheAccessTokenAndWorksOffline() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let claims = try UnverifiedJWT.claims(AccessTokenClaims.self, of: try #require(joe.accessToken))
        #expect(joe.customData == claims.userData)
        #expect(joe.customData["favoriteColor"] == "green")
        #expect(joe.customData["shift"] == 1)
        #expect(joe.customData["preferences"]?["fontScale"] == 1.25)

        fixture.transport.offline = true
        let reopened = try fixture.makeApp()
        #expect(reopened.currentUser?.customData["favoriteColor"] == "green")
    }

    // BEHAVIOURS 32, 33
    @Test func oldDataUntilRefreshThenNewDataProfileUnchanged() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let emma = try await app.login(credentials: Fixture.emma)
        let loggedInAt = fixture.clock.now()
        #expect(emma.customDataIssuedAt == loggedInAt)
        let profile = emma.profile

        try await fixture.server.admin.setCustomData(
            appId: fixture.appId, userId: emma.id,
            document: ["userId": .string(emma.id), "favoriteColor": "teal", "shift": 3])
        fixture.clock.advance(by: 120)
        #expect(emma.customData["favoriteColor"] == "purple")  // as of the token, two minutes old
        #expect(emma.customDataIssuedAt == loggedInAt)

        let fresh = try await emma.refreshCustomData()
        #expect(fresh["favoriteColor"] == "teal")
        #expect(fresh["shift"] == 3)
        #expect(emma.customData == fresh)
        #expect(emma.customDataIssuedAt == fixture.clock.now())
        #expect(emma.profile == profile)
        #expect(fixture.transport.count(.get, Route.profile) == 1)  // only at log-in
    }

    // BEHAVIOURS 34
    @Test func noDocumentMeansEmptyCustomData() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let anonymous = try await app.login(credentials: .anonymous)
        #expect(anonymous.customData == .emptyObject)
        #expect(try await anonymous.refreshCustomData() == .emptyObject)
    }

    // BEHAVIOURS 35
    @Test func customDataIsGoneAfterLogOutOrRemoval() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let emma = try await app.login(credentials: Fixture.emma)
        #expect(joe.customData != .emptyObject)
        try await joe.logOut()
        try await emma.remove()
        #expect(joe.customData == .emptyObject)
        #expect(joe.customDataIssuedAt == nil)
        #expect(emma.customData == .emptyObject)

        // Nothing on disk either: no token holds it.
        let store = try SQLiteDeviceStore(directory: fixture.directory)
        let rows = try store.users()
        #expect(rows.map(\.id) == [joe.id])
        #expect(rows.allSatisfy { $0.accessToken == nil && $0.refreshToken == nil })
    }
}
