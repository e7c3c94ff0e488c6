import Foundation
import IdentityProviderStandIn
import RosterServer
import RosterServerCore
import RosterWire
import Testing

@testable import RosterCore

/// Google, Apple and Facebook log-ins through the session core, against the real server and a
/// local stand-in for the providers.
@Suite("OAuth providers")
final class OAuthProvidersTests {
    let standIn: IdentityProviderStandIn
    let fixture: Fixture

    init() async throws {
        let standIn = try await IdentityProviderStandIn.start()
        self.standIn = standIn
        fixture = try await Fixture.start { config in
            config.providers.google = OpenIDConfig(
                clientIds: [IdentityProviderStandIn.clientId], jwksURL: standIn.jwksURL, tokenEndpoint: standIn.tokenEndpoint,
                clientSecret: IdentityProviderStandIn.clientSecret)
            config.providers.apple = OpenIDConfig(clientIds: [IdentityProviderStandIn.clientId], jwksURL: standIn.jwksURL)
            config.providers.facebook = FacebookConfig(
                appId: IdentityProviderStandIn.facebookAppId, appSecret: IdentityProviderStandIn.facebookAppSecret,
                graphURL: standIn.baseURL)
        }
    }

    deinit { standIn.stop() }

    func idToken(_ subject: String, issuer: String = "https://accounts.google.com", extra: JSONObject = [:]) async throws -> String {
        try await standIn.idToken(IdentityProviderStandIn.claims(subject: subject, issuer: issuer, now: fixture.clock.now(), extra: extra))
    }

    // BEHAVIOURS 5, 6
    @Test func eachProviderLogsInAUserWithTheProfileFromTheProvider() async throws {
        let app = try fixture.makeApp()
        let grace = try await app.login(credentials: .google(idToken: try await idToken("g-1", extra: ["name": "Grace", "email": "grace@example.com"])))
        #expect(grace.profile.name == "Grace" && grace.profile.email == "grace@example.com")
        #expect(grace.identities.map(\.providerType) == ["oauth2-google"])
        await standIn.state.issue(code: "code-1", idToken: try await idToken("g-1"))
        #expect(try await app.login(credentials: .googleAuthCode("code-1")).id == grace.id)

        let ann = try await app.login(credentials: .apple(idToken: try await idToken("a-1", issuer: "https://appleid.apple.com")))
        #expect(ann.identities.map(\.providerType) == ["oauth2-apple"])
        await standIn.state.issueFacebookToken("EAAB-1", profile: ["id": "f-1", "name": "Flo", "picture": ["data": ["url": "https://example.com/f.png"]]])
        let flo = try await app.login(credentials: .facebook(accessToken: "EAAB-1"))
        #expect(flo.profile.name == "Flo" && flo.profile.pictureURL == "https://example.com/f.png")
        #expect(Set([grace.id, ann.id, flo.id]).count == 3)
        #expect(app.allUsers.count == 3 && app.currentUser?.id == flo.id)
    }

    // BEHAVIOURS 5
    @Test func refusedCredentialsAreAnAuthErrorAndChangeNothingOnTheDevice() async throws {
        let app = try fixture.makeApp()
        let grace = try await app.login(credentials: .google(idToken: try await idToken("g-1")))
        let wrongIssuer = try await idToken("a-1", issuer: "https://accounts.google.com")
        for credentials: Credentials in [
            .apple(idToken: wrongIssuer), .google(idToken: "not.a.token"), .googleAuthCode("never-issued"),
            .facebook(accessToken: "EAAB-unknown"),
        ] {
            let error = await rosterError { try await app.login(credentials: credentials) }
            #expect(error?.serverCode == .authError, "\(credentials.provider)")
            #expect(error?.description.contains(wrongIssuer) == false)
        }
        #expect(app.allUsers.map(\.id) == [grace.id] && app.currentUser?.id == grace.id)
    }

    // BEHAVIOURS 36, 37
    @Test func anAnonymousUserLinkedToGoogleOutlivesLogOut() async throws {
        let app = try fixture.makeApp()
        let anonymous = try await app.login(credentials: .anonymous)
        try await anonymous.linkUser(credentials: .google(idToken: try await idToken("g-7", extra: ["name": "Grace"])))
        #expect(!anonymous.isAnonymous)
        #expect(Set(anonymous.identities.map(\.providerType)) == ["anon-user", "oauth2-google"])
        _ = try await anonymous.logOut()
        #expect(anonymous.state == .loggedOut)
        #expect(try await app.login(credentials: .google(idToken: try await idToken("g-7"))).id == anonymous.id)
        // The same Google identity cannot be linked to someone else.
        let other = try await app.login(credentials: .anonymousNew)
        let taken = await rosterError { try await other.linkUser(credentials: .google(idToken: try await self.idToken("g-7"))) }
        #expect(taken?.serverCode == .authError)
        #expect(other.identities.map(\.providerType) == ["anon-user"])
    }
}
