import Foundation
import IdentityProviderStandIn
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `oauth2-google` against a local stand-in for Google: ID tokens checked against its key set,
/// and auth codes exchanged at its token endpoint.
@Suite final class GoogleLoginTests {
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

    func token(_ subject: String = "g-100", lifetime: TimeInterval = 600, extra: JSONObject = [:], rsa: Bool = false) async throws
        -> String
    {
        try await standIn.idToken(IdentityProviderStandIn.claims(subject: subject, now: clock.now, lifetime: lifetime, extra: extra), rsa: rsa)
    }

    func refused(_ t: TestServer, _ fields: JSONValue, _ words: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await t.refusedLogin(.google, fields, words, sourceLocation: sourceLocation)
    }

    @Test(arguments: StoreKind.allCases) func anIDTokenLogsInTheSameUserEachTimeWithItsProfile(_ kind: StoreKind) async throws {
        let t = try await start(kind)
        let extra: JSONObject = [
            "name": "Grace Hopper", "email": "grace@example.com", "picture": "https://example.com/grace.png",
            "given_name": "Grace", "family_name": "Hopper",
        ]
        let first = try await t.loggedIn(.google, ["id_token": .string(try await token(extra: extra))])
        let second = try await t.loggedIn(.google, ["id_token": .string(try await token())])
        #expect(first.userId == second.userId)
        let profile = try await t.call(.get, Route.profile, bearer: second.accessToken).decoded(ProfileResponse.self)
        #expect(profile.identities == [Identity(id: "g-100", providerType: "oauth2-google")])
        #expect(profile.data["name"] == "Grace Hopper")
        #expect(profile.data["email"] == "grace@example.com")
        #expect(profile.data["picture_url"] == "https://example.com/grace.png")
        #expect(profile.data["first_name"] == "Grace" && profile.data["last_name"] == "Hopper")
        #expect(try await t.loggedIn(.google, ["id_token": .string(try await token("g-200"))]).userId != first.userId)
    }

    /// `hostedDomains` (App Services' `domain_restrictions`): only ID tokens whose `hd` names
    /// one of the domains log in.
    @Test func aRestrictedAppTakesOnlyItsDomainsPeople() async throws {
        let google = OpenIDConfig(
            clientIds: [IdentityProviderStandIn.clientId], jwksURL: standIn.jwksURL, hostedDomains: ["kiosk.example"])
        let t = try await TestServer.make(TestConfig.oauth(standIn, google: google), clock: clock)
        #expect(await t.login(.google, ["id_token": .string(try await token(extra: ["hd": "Kiosk.Example"]))]).status == 200)
        try await refused(t, ["id_token": .string(try await token("g-2", extra: ["hd": "elsewhere.example"]))], "not of a domain this app accepts")
        try await refused(t, ["id_token": .string(try await token("g-3"))], "not of a domain this app accepts")
        var apple = TestConfig.oauth(standIn)
        apple.providers.apple?.hostedDomains = ["kiosk.example"]
        #expect(throws: AppConfigError.invalid(path: "app.json", reason: "oauth2-apple: hostedDomains: only Google's ID tokens name a domain")) {
            try apple.validate(source: "app.json")
        }
    }

    @Test(arguments: StoreKind.allCases) func rsaSignedTokensLogInToo(_ kind: StoreKind) async throws {
        let t = try await start(kind)
        try await standIn.state.prepareRSAKey()
        #expect(await t.login(.google, ["id_token": .string(try await token(rsa: true))]).status == 200)
    }

    @Test(arguments: StoreKind.allCases) func expiredWrongAudienceAndWrongIssuerTokensAreRefused(_ kind: StoreKind) async throws {
        let t = try await start(kind)
        let expired = try await token(lifetime: 60)
        t.clock.advance(by: 61)
        try await refused(t, ["id_token": .string(expired)], "has expired")
        let otherApp = try await standIn.idToken(
            IdentityProviderStandIn.claims(subject: "g-1", audience: "someone-else", now: t.clock.now))
        try await refused(t, ["id_token": .string(otherApp)], "issued to another app")
        let otherIssuer = try await standIn.idToken(
            IdentityProviderStandIn.claims(subject: "g-1", issuer: "https://evil.example.com", now: t.clock.now))
        try await refused(t, ["id_token": .string(otherIssuer)], "not issued by Google")
        let noSubject = try await standIn.idToken(IdentityProviderStandIn.claims(subject: "", now: t.clock.now))
        try await refused(t, ["id_token": .string(noSubject)], "has no subject")
        let early = try await standIn.idToken(
            IdentityProviderStandIn.claims(subject: "g-1", now: t.clock.now, extra: ["nbf": .int(Int64(t.clock.now.timeIntervalSince1970) + 600)]))
        try await refused(t, ["id_token": .string(early)], "is not valid yet")
        let skewed = try await standIn.idToken(
            IdentityProviderStandIn.claims(subject: "g-1", now: t.clock.now, extra: ["nbf": .int(Int64(t.clock.now.timeIntervalSince1970) + 30)]))
        #expect(await t.login(.google, ["id_token": .string(skewed)]).status == 200, "a little clock skew is allowed")
    }

    @Test(arguments: StoreKind.allCases) func malformedAndForgedTokensAreRefused(_ kind: StoreKind) async throws {
        let t = try await start(kind)
        try await refused(t, ["id_token": "not-a-token"], "is not a JWT")
        try await refused(t, ["id_token": "a.b.c"], "is not a JWT")
        // Signed with another key under the stand-in's key id.
        let impostor = try await IdentityProviderStandIn.start()
        defer { impostor.stop() }
        let forged = try await impostor.idToken(IdentityProviderStandIn.claims(subject: "g-100", now: t.clock.now))
        try await refused(t, ["id_token": .string(forged)], "signature is not valid")
        // A token whose signature was swapped for another token's.
        let genuine = try await token().split(separator: ".")
        let tampered = try await token("g-999").split(separator: ".")
        try await refused(t, ["id_token": .string("\(tampered[0]).\(tampered[1]).\(genuine[2])")], "signature is not valid")
        // No algorithm Google uses: "none", or a secret anyone with the key set could guess.
        let header = Data(#"{"alg":"none","kid":"stand-in-es-1"}"#.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        try await refused(t, ["id_token": .string("\(header).\(genuine[1]).")], "not signed with an algorithm")
        let hs256 = Data(#"{"alg":"HS256","kid":"stand-in-es-1"}"#.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        try await refused(t, ["id_token": .string("\(hs256).\(genuine[1]).\(genuine[2])")], "not signed with an algorithm")
    }

    @Test(arguments: StoreKind.allCases) func aKeyIdOutsideTheKeySetIsRefusedAndTheSetIsReadAgainAtMostOnceAMinute(_ kind: StoreKind) async throws {
        let t = try await start(kind)
        #expect(await t.login(.google, ["id_token": .string(try await token())]).status == 200)
        #expect(await standIn.state.count("/jwks") == 1)
        let claims = IdentityProviderStandIn.claims(subject: "g-100", now: t.clock.now, lifetime: 3600)
        for kid in ["made-up-1", "made-up-2", "made-up-3"] {
            try await refused(t, ["id_token": .string(try await standIn.idToken(claims, kid: kid))], "not in Google's key set")
        }
        #expect(await standIn.state.count("/jwks") == 1)
        t.clock.advance(by: 61)
        try await refused(t, ["id_token": .string(try await standIn.idToken(claims, kid: "made-up-4"))], "not in Google's key set")
        #expect(await standIn.state.count("/jwks") == 2)
        // A key the provider added since (rotation) is found by reading the set again.
        try await standIn.state.prepareRSAKey()
        t.clock.advance(by: 61)
        #expect(await t.login(.google, ["id_token": .string(try await token(rsa: true))]).status == 200)
        #expect(await standIn.state.count("/jwks") == 3)
    }

    @Test(arguments: StoreKind.allCases) func aKeySetThatCannotBeReadIsAnAuthError(_ kind: StoreKind) async throws {
        let t = try await start(kind)
        let valid = try await token()
        await standIn.state.setKeySetOverride("<html>maintenance</html>")
        try await refused(t, ["id_token": .string(valid)], "Google's key set could not be read: it is not a JSON Web Key Set")
        await standIn.state.setKeySetOverride(#"{"keys":[{"kty":"oct","kid":"x","k":"c2VjcmV0"}]}"#)
        try await refused(t, ["id_token": .string(valid)], "it holds no usable keys")
        await standIn.state.setKeySetOverride(nil)
        #expect(await t.login(.google, ["id_token": .string(valid)]).status == 200)

        let unreachable = OpenIDConfig(clientIds: [IdentityProviderStandIn.clientId], jwksURL: IdentityProviderStandIn.unreachableURL + "/jwks")
        let down = try await TestServer.make(TestConfig.oauth(standIn, google: unreachable), clock: t.clock, store: kind)
        let response = await down.login(.google, ["id_token": .string(valid)])
        #expect(response.errorCode == "AuthError")
        #expect(response.errorMessage?.contains("Google's key set could not be read: 127.0.0.1 could not be reached") == true)
    }

    @Test(arguments: StoreKind.allCases) func aKeySetFileServesInsteadOfAURL(_ kind: StoreKind) async throws {
        let t = try await start(kind)
        let file = t.directory.appendingPathComponent("google-keys.json")
        try Data(try await standIn.state.keySet().utf8).write(to: file)
        let config = TestConfig.oauth(standIn, google: OpenIDConfig(clientIds: [IdentityProviderStandIn.clientId], jwksFile: file.path))
        let fromFile = try await TestServer.make(config, clock: t.clock, store: kind)
        #expect(await fromFile.login(.google, ["id_token": .string(try await token())]).status == 200)
        #expect(await standIn.state.count("/jwks") == 0)
        let missing = OpenIDConfig(clientIds: [IdentityProviderStandIn.clientId], jwksFile: t.directory.appendingPathComponent("nope.json").path)
        let broken = try await TestServer.make(TestConfig.oauth(standIn, google: missing), clock: t.clock, store: kind)
        let response = await broken.login(.google, ["id_token": .string(try await token())])
        #expect(response.errorCode == "AuthError")
        #expect(response.errorMessage?.contains("cannot read") == true)
    }

    @Test(arguments: StoreKind.allCases) func anAuthCodeIsExchangedOnceForAnIDToken(_ kind: StoreKind) async throws {
        let t = try await start(kind)
        await standIn.state.issue(code: "code-1", idToken: try await token(extra: ["name": "Grace Hopper"]))
        let viaCode = try await t.loggedIn(.google, ["authCode": "code-1"])
        let viaToken = try await t.loggedIn(.google, ["id_token": .string(try await token())])
        #expect(viaCode.userId == viaToken.userId)
        try await refused(t, ["authCode": "code-1"], "Google refused the auth code: invalid_grant")
        try await refused(t, ["authCode": "never-issued"], "invalid_grant")
        // An exchanged token is checked like any other.
        await standIn.state.issue(code: "code-2", idToken: try await token(lifetime: -1))
        try await refused(t, ["authCode": "code-2"], "has expired")
    }

    @Test(arguments: StoreKind.allCases) func authCodesNeedAClientSecretAndExactlyOneCredential(_ kind: StoreKind) async throws {
        let t = try await start(kind)
        let noSecret = OpenIDConfig(clientIds: [IdentityProviderStandIn.clientId], jwksURL: standIn.jwksURL, tokenEndpoint: standIn.tokenEndpoint)
        let server = try await TestServer.make(TestConfig.oauth(standIn, google: noSecret), clock: t.clock, store: kind)
        await standIn.state.issue(code: "code-1", idToken: try await token())
        let response = await server.login(.google, ["authCode": "code-1"])
        #expect(response.errorCode == "AuthError" && response.errorMessage?.contains("no clientSecret") == true)
        #expect(await standIn.state.count("/token") == 0)
        let both = await t.login(.google, ["authCode": "code-1", "id_token": .string(try await token())])
        #expect(both.status == 400 && both.errorCode == "BadRequest")
        #expect(await t.login(.google, [:]).errorCode == "BadRequest")
        #expect(await t.login(.google, ["id_token": 42]).status == 400)
    }

    @Test(arguments: StoreKind.allCases) func errorsNeverRepeatTheCredentials(_ kind: StoreKind) async throws {
        let t = try await start(kind)
        let expired = try await token(lifetime: -5)
        for fields: JSONValue in [["id_token": .string(expired)], ["authCode": "secret-code-that-is-wrong"]] {
            let response = await t.login(.google, fields)
            #expect(response.status == 401)
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(!text.contains(expired) && !text.contains("secret-code-that-is-wrong") && !text.contains(IdentityProviderStandIn.clientSecret))
        }
    }

    // BEHAVIOURS 36
    @Test(arguments: StoreKind.allCases) func aGoogleIdentityLinksToAnAnonymousUser(_ kind: StoreKind) async throws {
        let t = try await start(kind)
        let anon = try await t.loggedIn(.anonymous)
        let response = await t.call(
            .post, Route.login(appId: t.appId, provider: .google), json: ["id_token": .string(try await token())],
            bearer: anon.accessToken, query: ["link": "true"])
        #expect(response.status == 200)
        #expect(try await t.loggedIn(.google, ["id_token": .string(try await token())]).userId == anon.userId)
        // A second user cannot take the same Google identity.
        let other = try await t.loggedIn(.anonymous)
        let stolen = await t.call(
            .post, Route.login(appId: t.appId, provider: .google), json: ["id_token": .string(try await token())],
            bearer: other.accessToken, query: ["link": "true"])
        #expect(stolen.errorCode == "AuthError")
        let profile = try await t.call(.get, Route.profile, bearer: other.accessToken).decoded(ProfileResponse.self)
        #expect(profile.identities.map(\.providerType) == ["anon-user"])
    }
}
