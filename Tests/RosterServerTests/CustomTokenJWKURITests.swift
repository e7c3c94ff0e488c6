import Foundation
import IdentityProviderStandIn
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `custom-token` with its keys at a JWK URI (App Services' `useJWKURI`/`jwkURI`): an RS256
/// token whose `kid` names a key the set publishes logs in, read from a local stand-in over
/// loopback; a token signed any other way, or with a key the set lacks, is refused; the set is
/// read again at most once a minute; an app directory's provider is served so.
@Suite final class CustomTokenJWKURITests {
    let standIn: IdentityProviderStandIn
    let clock = TestClock()

    init() async throws {
        standIn = try await IdentityProviderStandIn.start()
        try await standIn.state.prepareRSAKey()
    }

    deinit { standIn.stop() }

    func start(_ kind: StoreKind = .sqlite, jwkURI: String? = nil) async throws -> TestServer {
        var config = TestConfig.app()
        config.providers.customToken = CustomTokenConfig(
            audience: [TestConfig.audience], keys: [], jwkURI: jwkURI ?? standIn.jwksURL,
            metadataFields: [.init(name: "name", fieldName: "name")])
        return try await TestServer.make(config, clock: clock, store: kind)
    }

    func token(_ subject: String = "ext-1", audience: String = TestConfig.audience, rsa: Bool = true, kid: String? = nil) async throws -> String {
        try await standIn.idToken(
            IdentityProviderStandIn.claims(subject: subject, audience: audience, now: clock.now, extra: ["name": "Ada"]), rsa: rsa, kid: kid)
    }

    @Test(arguments: StoreKind.allCases) func aTokenSignedWithAPublishedKeyLogsInTheSameUserEachTime(_ kind: StoreKind) async throws {
        let t = try await start(kind)
        let first = try await t.loggedIn(.customToken, ["token": .string(try await token())])
        let second = try await t.loggedIn(.customToken, ["token": .string(try await token())])
        #expect(first.userId == second.userId)
        let profile = try await t.call(.get, Route.profile, bearer: first.accessToken).decoded(ProfileResponse.self)
        #expect(profile.identities == [Identity(id: "ext-1", providerType: "custom-token")])
        #expect(profile.data["name"] == "Ada")
        #expect(await standIn.state.count("/jwks") == 1, "the set is read once and kept")
    }

    @Test func aTokenSignedOtherwiseOrForAnotherAudienceIsRefused() async throws {
        let t = try await start()
        // The set holds an ES256 key too: App Services' JWK URI takes RS256 tokens only.
        try await t.refusedLogin(.customToken, ["token": .string(try await token(rsa: false))], "not signed with RS256")
        let shared = try await ExternalToken.hs256(
            ["sub": "ext-2", "aud": .string(TestConfig.audience), "exp": .int(Int64(clock.now.timeIntervalSince1970) + 600)],
            secret: TestConfig.customSecret)
        try await t.refusedLogin(.customToken, ["token": .string(shared)], "not signed with RS256")
        try await t.refusedLogin(.customToken, ["token": .string(try await token(audience: "elsewhere"))], "audience is not this app")
        try await t.refusedLogin(.customToken, ["token": "not a token"], "not a JWT")
    }

    @Test func aKeyTheSetLacksIsRefusedAndTheSetIsReadAgainAtMostOnceAMinute() async throws {
        let t = try await start()
        _ = try await t.loggedIn(.customToken, ["token": .string(try await token())])
        // A key the set does not hold (rotated out, or made up): refused, the set read again once.
        let unknown = try await token(kid: "made-up")
        try await t.refusedLogin(.customToken, ["token": .string(unknown)], "which is not in the custom-token provider's JWK URI's key set")
        try await t.refusedLogin(.customToken, ["token": .string(unknown)], "which is not in")
        #expect(await standIn.state.count("/jwks") == 1, "not again within the minute")
        clock.advance(by: 61)
        try await t.refusedLogin(.customToken, ["token": .string(try await token(kid: "made-up"))], "which is not in")
        #expect(await standIn.state.count("/jwks") == 2)
    }

    @Test func aSetThatCannotBeReadRefusesTheLogIn() async throws {
        let t = try await start(jwkURI: IdentityProviderStandIn.unreachableURL + "/jwks")
        try await t.refusedLogin(.customToken, ["token": .string(try await token())], "key set could not be read")
        let broken = try await start()
        await standIn.state.setKeySetOverride(#"{"keys": "none"}"#)
        try await broken.refusedLogin(.customToken, ["token": .string(try await token())], "key set could not be read")
        // A set past its budget of keys is not read at all, however many of them are good.
        let good = try JSONValue(parsing: Data(try await standIn.state.keySet().utf8))["keys"]?.arrayValue ?? []
        let many = Array(repeating: good, count: 101 / max(good.count, 1) + 1).flatMap { $0 }
        await standIn.state.setKeySetOverride(JSONValue.object(["keys": .array(many)]).compactText)
        clock.advance(by: 61)
        try await broken.refusedLogin(.customToken, ["token": .string(try await token())], "it holds more than 100 keys")
    }

    @Test func aConfigurationsJWKURIMustBeAnHTTPURL() throws {
        var config = TestConfig.app()
        config.providers.customToken = CustomTokenConfig(keys: [], jwkURI: "file:///etc/keys.json")
        #expect(throws: AppConfigError.invalid(path: "app.json", reason: "custom-token: jwkURI must be an http or https URL")) {
            try config.validate(source: "app.json")
        }
        config.providers.customToken = CustomTokenConfig(keys: [])
        #expect(throws: AppConfigError.invalid(path: "app.json", reason: "custom-token is enabled but has no keys")) {
            try config.validate(source: "app.json")
        }
    }

    /// App Services' `useJWKURI` with `jwkURI`, from an app directory: served, and written back.
    @Test func anAppDirectorysJWKURIIsServedAndExported() throws {
        var model = try AppDirectory.read(AppDirectoryFixtures.url("web-test-app")).model
        let index = try #require(model.providers.firstIndex { $0.kind == .customToken })
        model.providers[index].settings = .customToken(
            AppCustomTokenSettings(signingAlgorithm: .rs256, useJWKURI: true, jwkURI: "https://id.example/jwks.json"))
        let served = try model.servableApp(secrets: AppSecrets(["jwtSigningKey": AppDirectoryServeTests.signingKey]))
        #expect(served.config.providers.customToken?.jwkURI == "https://id.example/jwks.json")
        #expect(served.config.providers.customToken?.keys == [])
        #expect(served.notServed.contains("custom-token's signingKeys are not used: with useJWKURI its keys are those at jwkURI"))
        let exported = served.config.exportableApp.model.provider(.customToken)
        #expect(exported?.settings == .customToken(
            AppCustomTokenSettings(signingAlgorithm: .rs256, requireAnyAudience: true, useJWKURI: true, jwkURI: "https://id.example/jwks.json")))
        #expect(exported?.secretConfig == [:])

        model.providers[index].settings = .customToken(AppCustomTokenSettings(signingAlgorithm: .hs256, useJWKURI: true, jwkURI: "https://id.example/jwks.json"))
        #expect(throws: AppDirectoryError(
            file: "auth/providers.json", key: "custom-token.config.signingAlgorithm",
            reason: "must be RS256 with useJWKURI: a JWK URI publishes public keys"
        )) { _ = try model.servableApp(secrets: AppSecrets(["jwtSigningKey": AppDirectoryServeTests.signingKey])) }
        model.providers[index].settings = .customToken(AppCustomTokenSettings(signingAlgorithm: .rs256, useJWKURI: true))
        #expect(throws: AppDirectoryError(file: "auth/providers.json", key: "custom-token.config.jwkURI", reason: "is missing: useJWKURI reads the keys there")) {
            _ = try model.servableApp(secrets: AppSecrets(["jwtSigningKey": AppDirectoryServeTests.signingKey]))
        }
    }
}
