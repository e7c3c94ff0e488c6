import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

@Suite struct LinkTests {
    func link(_ t: TestServer, _ provider: ProviderType, _ fields: JSONValue, bearer: String) async -> WireResponse {
        await t.call(.post, Route.login(appId: t.appId, provider: provider), json: fields, bearer: bearer, query: ["link": "true"])
    }

    // BEHAVIOURS 36
    @Test(arguments: StoreKind.allCases) func linkingEmailToAnAnonymousUserKeepsItsId(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let anon = try await t.loggedIn(.anonymous)
        _ = await t.register("ann@example.com", "secret-1")
        let response = await link(t, .emailPassword, ["username": "ann@example.com", "password": "secret-1"], bearer: anon.accessToken)
        #expect(response.status == 200)
        let linked = try response.decoded(LinkResponse.self)
        #expect(try UnverifiedJWT.claims(AccessTokenClaims.self, of: linked.accessToken).sub == anon.userId)
        let profile = try await t.call(.get, Route.profile, bearer: linked.accessToken).decoded(ProfileResponse.self)
        #expect(Set(profile.identities.map(\.providerType)) == ["anon-user", "local-userpass"])
        #expect(profile.data["email"] == "ann@example.com")
        // The email now logs in as the same user.
        #expect(try await t.emailLogin("ann@example.com", "secret-1").decoded(LoginResponse.self).userId == anon.userId)
        #expect(try await t.userCount() == 1)
    }

    // BEHAVIOURS 37
    @Test(arguments: StoreKind.allCases) func linkingRefusesAnonymousCredentialsAndOthersIdentities(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let anon = try await t.loggedIn(.anonymous)
        let again = await link(t, .anonymous, [:], bearer: anon.accessToken)
        #expect(again.status == 400)
        #expect(again.errorResponse != nil)
        _ = await t.register("bob@example.com", "secret-1")
        let bob = try await t.emailLogin("bob@example.com", "secret-1").decoded(LoginResponse.self)
        let stolen = await link(t, .emailPassword, ["username": "bob@example.com", "password": "secret-1"], bearer: anon.accessToken)
        #expect(stolen.status == 401)
        #expect(stolen.errorCode == "AuthError")
        #expect(try await t.emailLogin("bob@example.com", "secret-1").decoded(LoginResponse.self).userId == bob.userId)
        // Without a valid access token there is nothing to link to.
        let noCaller = await link(t, .emailPassword, ["username": "bob@example.com", "password": "secret-1"], bearer: anon.refreshToken)
        #expect(noCaller.errorCode == "InvalidSession")
        #expect(try await t.userCount() == 2)
    }
}
