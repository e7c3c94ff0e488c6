import Foundation
import JWTKit
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing
import _CryptoExtras
@testable import RosterServer
@testable import RosterServerCore

/// A custom-token JWT signed in the test, the way an app's identity system would.
struct ExternalToken: JWTPayload {
    var fields: JSONObject
    init(_ fields: JSONObject) { self.fields = fields }
    init(from decoder: any Decoder) throws { fields = try JSONValue(from: decoder).objectValue ?? [:] }
    func encode(to encoder: any Encoder) throws { try JSONValue.object(fields).encode(to: encoder) }
    func verify(using algorithm: some JWTAlgorithm) async throws {}

    static func hs256(_ fields: JSONObject, secret: String = TestConfig.customSecret) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: Array(secret.utf8)), digestAlgorithm: .sha256)
        return try await keys.sign(ExternalToken(fields))
    }

    static func rs256(_ fields: JSONObject, privateKey: _RSA.Signing.PrivateKey) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(rsa: try Insecure.RSA.PrivateKey(backing: privateKey), digestAlgorithm: .sha256)
        return try await keys.sign(ExternalToken(fields))
    }
}

@Suite struct CustomTokenTests {
    func claims(_ t: TestServer, sub: String = "ext-42", aud: JSONValue = .string(TestConfig.audience), ttl: Int64 = 600)
        -> JSONObject
    {
        let now = Int64(t.clock.now.timeIntervalSince1970)
        return ["sub": .string(sub), "aud": aud, "iat": .int(now), "exp": .int(now + ttl), "name": "Ann", "profile": ["team": "ops"]]
    }

    @Test(arguments: StoreKind.allCases) func hs256TokenLogsInAndCopiesMetadata(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let token = try await ExternalToken.hs256(claims(t))
        let first = try await t.loggedIn(.customToken, ["token": .string(token)])
        let second = try await t.loggedIn(.customToken, ["token": .string(try await ExternalToken.hs256(claims(t)))])
        #expect(first.userId == second.userId)
        let profile = try await t.call(.get, Route.profile, bearer: first.accessToken).decoded(ProfileResponse.self)
        #expect(profile.identities == [Identity(id: "ext-42", providerType: "custom-token")])
        #expect(profile.data["name"] == "Ann")
        #expect(profile.data["team"] == "ops")
    }

    /// A name that would drive a terminal listing users (an escape sequence, a forged line) is
    /// refused, naming the field, and makes no user.
    @Test func aNameWithControlCharactersIsRefusedAndMakesNoUser() async throws {
        let t = try await TestServer.make()
        for name in ["Eve\u{1B}[2J", "Eve\nroot logged in", "Eve\u{9B}31m"] {
            var fields = claims(t, sub: "ext-eve")
            fields["name"] = .string(name)
            let refused = await t.login(.customToken, ["token": .string(try await ExternalToken.hs256(fields))])
            #expect(refused.status == 401 && refused.errorCode == "AuthError")
            #expect(refused.errorMessage == "the profile field 'name' has control characters")
        }
        var nested = claims(t, sub: "ext-eve")
        nested["profile"] = ["team": "ops\u{07}"]
        #expect(await t.login(.customToken, ["token": .string(try await ExternalToken.hs256(nested))]).errorCode == "AuthError")
        #expect(try await t.userCount() == 0)
    }

    /// App Services' `requireAnyAudience: false` with several audiences: a token must name them all.
    @Test func anAppThatRequiresEveryAudienceRefusesATokenNamingOne() async throws {
        var config = TestConfig.app()
        config.providers.customToken?.audience = [TestConfig.audience, "kiosk"]
        config.providers.customToken?.requireAllAudiences = true
        let t = try await TestServer.make(config)
        try await t.refusedLogin(
            .customToken, ["token": .string(try await ExternalToken.hs256(claims(t)))], "does not name every audience this app requires")
        let both = try await ExternalToken.hs256(claims(t, aud: ["kiosk", "other", .string(TestConfig.audience)]))
        #expect(await t.login(.customToken, ["token": .string(both)]).status == 200)
        // From an app directory: several audiences without requireAnyAudience.
        let model = AppModel(
            name: "kiosk", appId: "kiosk-abcde",
            providers: [
                AppProvider(
                    kind: .customToken, settings: .customToken(AppCustomTokenSettings(audience: ["a", "b"], requireAnyAudience: false)),
                    secretConfig: ["signingKeys.0": "key"])
            ])
        let served = try model.servableApp(secrets: AppSecrets(["key": TestConfig.customSecret])).config.providers.customToken
        #expect(served?.audience == ["a", "b"] && served?.requireAllAudiences == true)
    }

    @Test(arguments: StoreKind.allCases) func audienceMayBeAnArray(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let token = try await ExternalToken.hs256(claims(t, aud: ["other", .string(TestConfig.audience)]))
        #expect(await t.login(.customToken, ["token": .string(token)]).status == 200)
    }

    @Test(arguments: StoreKind.allCases) func rs256TokenLogsIn(_ kind: StoreKind) async throws {
        let privateKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let config = TestConfig.app(customTokenKeys: [
            CustomTokenKey(kid: "hs", algorithm: .hs256, secret: TestConfig.customSecret),
            CustomTokenKey(algorithm: .rs256, publicKey: privateKey.publicKey.pemRepresentation),
        ])
        let t = try await TestServer.make(config, store: kind)
        let token = try await ExternalToken.rs256(claims(t, sub: "rsa-user"), privateKey: privateKey)
        let login = try await t.loggedIn(.customToken, ["token": .string(token)])
        let profile = try await t.call(.get, Route.profile, bearer: login.accessToken).decoded(ProfileResponse.self)
        #expect(profile.identities.first?.id == "rsa-user")
        // A token from another RSA key is refused.
        let stranger = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let forged = try await ExternalToken.rs256(claims(t, sub: "rsa-user"), privateKey: stranger)
        #expect(await t.login(.customToken, ["token": .string(forged)]).errorCode == "AuthError")
    }

    @Test(arguments: StoreKind.allCases) func wrongAudienceExpiredAndWrongSignatureAreAuthErrors(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let wrongAudience = try await ExternalToken.hs256(claims(t, aud: "someone-else"))
        let expired = try await ExternalToken.hs256(claims(t, ttl: -1))
        let wrongKey = try await ExternalToken.hs256(claims(t), secret: "another-secret-that-is-long-enough-0123456789")
        let noSubject = try await ExternalToken.hs256(claims(t).filter { $0.key != "sub" })
        for token in [wrongAudience, expired, wrongKey, noSubject, "not.a.jwt"] {
            let response = await t.login(.customToken, ["token": .string(token)])
            #expect(response.status == 401)
            #expect(response.errorCode == "AuthError")
        }
        #expect(try await t.userCount() == 0)
    }

    @Test(arguments: StoreKind.allCases) func missingRequiredMetadataIsAnAuthError(_ kind: StoreKind) async throws {
        let config = TestConfig.app(metadataFields: [.init(name: "email", fieldName: "email", required: true)])
        let t = try await TestServer.make(config, store: kind)
        let without = try await ExternalToken.hs256(claims(t))
        let response = await t.login(.customToken, ["token": .string(without)])
        #expect(response.errorCode == "AuthError")
        #expect(try await t.userCount() == 0)
        var withEmail = claims(t)
        withEmail["email"] = "ann@example.com"
        let login = try await t.loggedIn(.customToken, ["token": .string(try await ExternalToken.hs256(withEmail))])
        let profile = try await t.call(.get, Route.profile, bearer: login.accessToken).decoded(ProfileResponse.self)
        #expect(profile.data["email"] == "ann@example.com")
    }

    @Test(arguments: StoreKind.allCases) func adminMintsTokensTheServerAccepts(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let token = try await t.server.admin.mintCustomJWT(appId: t.appId, subject: "minted", claims: ["name": "Min"], lifetime: 300)
        let claims = try JSONValue(parsing: UnverifiedJWT.payload(of: token))
        #expect(claims["aud"] == .string(TestConfig.audience))
        #expect(claims["exp"]?.intValue == Int64(t.clock.now.timeIntervalSince1970) + 300)
        let login = try await t.loggedIn(.customToken, ["token": .string(token)])
        let profile = try await t.call(.get, Route.profile, bearer: login.accessToken).decoded(ProfileResponse.self)
        #expect(profile.data["name"] == "Min")
        #expect(profile.identities.first?.id == "minted")
    }

    @Test(arguments: StoreKind.allCases) func anEmptyAudienceIsNotCheckedAndIssuersAndNotBeforeAre(_ kind: StoreKind) async throws {
        var config = TestConfig.app()
        config.providers.customToken = CustomTokenConfig(
            audience: [""], issuers: ["https://id.example"],
            keys: [CustomTokenKey(kid: "k1", algorithm: .hs256, secret: TestConfig.customSecret)])
        let t = try await TestServer.make(config, store: kind)
        var fields = claims(t, aud: "anything")
        fields["iss"] = "https://id.example"
        #expect(await t.login(.customToken, ["token": .string(try await ExternalToken.hs256(fields))]).status == 200)
        fields["aud"] = nil
        #expect(await t.login(.customToken, ["token": .string(try await ExternalToken.hs256(fields))]).status == 200)
        fields["iss"] = "https://other.example"
        try await t.refusedLogin(.customToken, ["token": .string(try await ExternalToken.hs256(fields))], "issuer")
        fields["iss"] = nil
        try await t.refusedLogin(.customToken, ["token": .string(try await ExternalToken.hs256(fields))], "issuer")
        fields["iss"] = "https://id.example"
        let now = Int64(t.clock.now.timeIntervalSince1970)
        fields["nbf"] = .int(now + 600)
        try await t.refusedLogin(.customToken, ["token": .string(try await ExternalToken.hs256(fields))], "not valid yet")
        fields["nbf"] = .int(now + 30)  // within a minute of leeway
        #expect(await t.login(.customToken, ["token": .string(try await ExternalToken.hs256(fields))]).status == 200)
    }
}
