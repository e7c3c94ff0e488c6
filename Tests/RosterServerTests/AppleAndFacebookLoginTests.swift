import Foundation
import IdentityProviderStandIn
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `oauth2-apple` (ID tokens from Apple's issuer) and `oauth2-facebook` (access tokens checked at
/// a Graph-style endpoint), against the local stand-in.
@Suite final class AppleAndFacebookLoginTests {
    let standIn: IdentityProviderStandIn
    let clock = TestClock()

    init() async throws {
        standIn = try await IdentityProviderStandIn.start()
    }

    deinit { standIn.stop() }

    /// A server on `kind` that trusts the stand-in, on the suite's clock.
    func start(_ kind: StoreKind) async throws -> TestServer {
        try await TestServer.make(TestConfig.oauth(standIn), clock: clock, store: kind)
    }

    func appleToken(_ subject: String, issuer: String = "https://appleid.apple.com", extra: JSONObject = [:]) async throws -> String {
        try await standIn.idToken(IdentityProviderStandIn.claims(subject: subject, issuer: issuer, now: clock.now, extra: extra))
    }

    func refused(_ t: TestServer, _ provider: ProviderType, _ fields: JSONValue, _ words: String, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        try await t.refusedLogin(provider, fields, words, sourceLocation: sourceLocation)
    }

    @Test(arguments: StoreKind.allCases) func appleIDTokensLogInByTheirSubject(_ kind: StoreKind) async throws {
        let t = try await start(kind)
        let first = try await t.loggedIn(.apple, ["id_token": .string(try await appleToken("001234.abcd", extra: ["email": "ann@privaterelay.appleid.com"]))])
        let again = try await t.loggedIn(.apple, ["id_token": .string(try await appleToken("001234.abcd"))])
        #expect(first.userId == again.userId)
        let profile = try await t.call(.get, Route.profile, bearer: first.accessToken).decoded(ProfileResponse.self)
        #expect(profile.identities == [Identity(id: "001234.abcd", providerType: "oauth2-apple")])
        #expect(profile.data["email"] == "ann@privaterelay.appleid.com")
        // The same subject at Google is another identity, and Apple's provider refuses Google's issuer.
        let google = try await appleToken("001234.abcd", issuer: "https://accounts.google.com")
        try await refused(t, .apple, ["id_token": .string(google)], "not issued by Apple")
        try await refused(t, .apple, ["id_token": "garbage"], "the Apple ID token is not a JWT")
        #expect(await t.login(.apple, ["authCode": "x"]).errorCode == "MissingParameter")
    }

    @Test(arguments: StoreKind.allCases) func facebookAccessTokensAreCheckedAtTheGraph(_ kind: StoreKind) async throws {
        let t = try await start(kind)
        let profile: JSONObject = [
            "id": "10158", "name": "Ann Lee", "email": "ann@example.com", "first_name": "Ann", "last_name": "Lee",
            "picture": ["data": ["url": "https://example.com/ann.jpg", "width": 50]],
        ]
        await standIn.state.issueFacebookToken("EAAB-ann", profile: profile)
        let first = try await t.loggedIn(.facebook, ["accessToken": "EAAB-ann"])
        let second = try await t.loggedIn(.facebook, ["accessToken": "EAAB-ann"])
        #expect(first.userId == second.userId)
        let stored = try await t.call(.get, Route.profile, bearer: first.accessToken).decoded(ProfileResponse.self)
        #expect(stored.identities == [Identity(id: "10158", providerType: "oauth2-facebook")])
        #expect(stored.data["name"] == "Ann Lee" && stored.data["email"] == "ann@example.com")
        #expect(stored.data["picture_url"] == "https://example.com/ann.jpg")
        #expect(await standIn.state.count("/debug_token") == 2)
        #expect(await standIn.state.count("/me") == 2)
    }

    @Test(arguments: StoreKind.allCases) func facebookTokensThatAreInvalidOrForAnotherAppAreRefused(_ kind: StoreKind) async throws {
        let t = try await start(kind)
        try await refused(t, .facebook, ["accessToken": "EAAB-unknown"], "the Facebook access token is not valid")
        await standIn.state.issueFacebookToken("EAAB-other", profile: ["id": "777"], appId: "9999")
        try await refused(t, .facebook, ["accessToken": "EAAB-other"], "issued to another app")
        #expect(await standIn.state.count("/me") == 0)
        await standIn.state.issueFacebookToken("EAAB-gone", profile: ["id": "778"])
        #expect(await t.login(.facebook, ["accessToken": "EAAB-gone"]).status == 200)
        await standIn.state.revokeFacebookToken("EAAB-gone")
        try await refused(t, .facebook, ["accessToken": "EAAB-gone"], "not valid")
        try await refused(t, .facebook, ["accessToken": ""], "empty or too long")
        #expect(await t.login(.facebook, ["token": "EAAB"]).errorCode == "MissingParameter")
    }

    @Test(arguments: StoreKind.allCases) func aWrongAppSecretOrAnUnreachableGraphIsAnAuthError(_ kind: StoreKind) async throws {
        await standIn.state.issueFacebookToken("EAAB-ann", profile: ["id": "10158"])
        let wrongSecret = try await TestServer.make(
            TestConfig.app(facebook: FacebookConfig(appId: IdentityProviderStandIn.facebookAppId, appSecret: "not-it", graphURL: standIn.baseURL)),
            store: kind)
        let response = await wrongSecret.login(.facebook, ["accessToken": "EAAB-ann"])
        #expect(response.errorCode == "AuthError" && response.errorMessage?.contains("Invalid OAuth access token") == true)
        #expect(!String(decoding: response.body, as: UTF8.self).contains("not-it"))
        let unreachable = try await TestServer.make(TestConfig.app(facebook: FacebookConfig(
            appId: IdentityProviderStandIn.facebookAppId, appSecret: IdentityProviderStandIn.facebookAppSecret,
            graphURL: IdentityProviderStandIn.unreachableURL)), store: kind)
        let down = await unreachable.login(.facebook, ["accessToken": "EAAB-ann"])
        #expect(down.errorCode == "AuthError" && down.errorMessage?.contains("Facebook could not be reached") == true)
        #expect(!String(decoding: down.body, as: UTF8.self).contains("EAAB-ann"))
    }

    @Test func configurationsMissingWhatTheProviderNeedsAreRejected() throws {
        let cases: [(ProvidersConfig, String)] = [
            (ProvidersConfig(google: OpenIDConfig(clientIds: [])), "oauth2-google: needs a clientId"),
            (ProvidersConfig(apple: OpenIDConfig(clientIds: ["a"], jwksURL: "u", jwksFile: "f")), "not both"),
            (ProvidersConfig(google: OpenIDConfig(clientIds: ["a"], tokenEndpoint: "ftp://x")), "tokenEndpoint must be an http"),
            (ProvidersConfig(facebook: FacebookConfig(appId: "1", appSecret: "")), "oauth2-facebook: needs appId and appSecret"),
            (ProvidersConfig(google: OpenIDConfig(clientIds: ["a"], issuers: [])), "issuers must not be empty"),
        ]
        for (providers, words) in cases {
            let config = AppConfig(appId: "a", providers: providers)
            #expect(throws: AppConfigError.self) { try config.validate() }
            #expect(Self.error(config).contains(words), "\(Self.error(config)) lacks '\(words)'")
        }
        // A disabled provider needs nothing and answers AuthProviderNotFound.
        let off = AppConfig(appId: "a", providers: ProvidersConfig(google: OpenIDConfig(enabled: false, clientIds: [])))
        #expect(throws: Never.self) { try off.validate() }
        #expect(!off.isEnabled(.google))
    }

    static func error(_ config: AppConfig) -> String {
        do { try config.validate() } catch { return String(describing: error) }
        return ""
    }

    @Test func theJSONConfigurationTakesAClientIdStringAndDefaultsToTheRealProviders() throws {
        let json = #"""
            {"appId": "a", "providers": {
              "oauth2-google": {"clientId": "web-client", "clientSecret": "s"},
              "oauth2-apple": {"clientIds": ["com.example.ios", "com.example.web"]},
              "oauth2-facebook": {"appId": "42", "appSecret": "s"}}}
            """#
        let config = try AppConfig.parse(Data(json.utf8), source: "test")
        #expect(config.providers.google?.clientIds == ["web-client"])
        #expect(config.providers.apple?.clientIds == ["com.example.ios", "com.example.web"])
        #expect(config.providers.facebook?.graphURL == "https://graph.facebook.com")
        #expect(config.isEnabled(.google) && config.isEnabled(.apple) && config.isEnabled(.facebook))
        #expect(OpenIDIssuer.google.jwksURL.hasPrefix("https://www.googleapis.com/"))
        #expect(OpenIDIssuer.apple.issuers == ["https://appleid.apple.com"])
    }

    @Test(arguments: StoreKind.allCases) func theProvidersRouteListsTheOAuthProvidersOnlyWhenEnabled(_ kind: StoreKind) async throws {
        let t = try await start(kind)
        let listed = try await t.call(.get, Route.providers(appId: t.appId)).decoded([EnabledProvider].self).map(\.name)
        #expect(listed.contains("oauth2-google") && listed.contains("oauth2-apple") && listed.contains("oauth2-facebook"))
        let plain = try await TestServer.make(store: kind)
        let none = try await plain.call(.get, Route.providers(appId: plain.appId)).decoded([EnabledProvider].self).map(\.name)
        #expect(!none.contains { $0.hasPrefix("oauth2") })
        #expect(await plain.login(.google, ["id_token": "x"]).errorCode == "AuthProviderNotFound")
    }
}
