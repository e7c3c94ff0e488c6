import Foundation
import RosterWire
import Testing
import _CryptoExtras
@testable import RosterAdminAPI
@testable import RosterServer

/// How the SDK harnesses other than realm-core's set a provider: realm-dotnet's gives the
/// custom-token provider its RS256 key in `config.signingKey`, and realm-kotlin's turns one
/// email/password setting at a time with a `PATCH` holding only that key.
@Suite(.timeLimit(.minutes(3))) struct AdminProviderSettingTests {
    /// An app made through the Admin API, with the harness that made it and the client API on it.
    static func app(_ kind: StoreKind) async throws -> (RealmCoreAdminHarness, String, TestServer) {
        let server = try await AdminTestServer.make(store: kind)
        var admin = try await RealmCoreAdminHarness.login(server)
        let made = try await admin.json(.post, "", ["name": "sdk"])
        let id = try RealmCoreAdminSetup.field(made, "_id")
        return (admin, id, try admin.client(of: made))
    }

    /// realm-dotnet's `EnableProvider(app, "custom-token", …)`: no `secret_config`, the public
    /// key in `config.signingKey`. The key becomes the secret `__custom-token_signingKey`, the
    /// provider names it, no answer shows it, and a token signed by its private key logs in.
    @Test(arguments: StoreKind.allCases) func aSigningKeyGivenInTheConfigBecomesTheProvidersSecret(_ kind: StoreKind) async throws {
        var (admin, app, client) = try await Self.app(kind)
        let privateKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let pem = privateKey.publicKey.pemRepresentation
        let body: JSONValue = [
            "name": "custom-token", "type": "custom-token", "disabled": false,
            "config": ["audience": "my-audience", "signingAlgorithm": "RS256", "useJWKURI": false, "signingKey": .string(pem)],
            "metadata_fields": [["name": "userId", "field_name": "externalUserId", "required": true], ["name": "name.first", "field_name": "first_name"]],
        ]
        let made = try await admin.json(.post, "\(app)/auth_providers", body)
        #expect(made["secret_config"] == ["signingKeys": ["__custom-token_signingKey"]])
        #expect(made["config"]?["signingKey"] == nil && !made.compactText.contains("BEGIN PUBLIC KEY"))
        let secrets = try await admin.json(.get, "\(app)/secrets")
        #expect(secrets.arrayValue?.compactMap { $0["name"]?.stringValue } == ["__custom-token_signingKey"])

        let now = Int64(client.clock.now.timeIntervalSince1970)
        func token(_ key: _RSA.Signing.PrivateKey) async throws -> String {
            try await ExternalToken.rs256(
                ["sub": "dotnet-user", "aud": "my-audience", "exp": .int(now + 600), "userId": "u-1", "name": ["first": "Ann"]], privateKey: key)
        }
        let login = try await client.loggedIn(.customToken, ["token": .string(try await token(privateKey))])
        let profile = try await client.call(.get, Route.profile, bearer: login.accessToken).decoded(ProfileResponse.self)
        #expect(profile.data["externalUserId"] == "u-1" && profile.data["first_name"] == "Ann")
        let stranger = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        #expect(await client.login(.customToken, ["token": .string(try await token(stranger))]).errorCode == "AuthError")

        // A new key by PATCH replaces the secret's value: the old key's tokens stop logging in.
        let next = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let providerId = try RealmCoreAdminSetup.field(made, "_id")
        try await admin.json(.patch, "\(app)/auth_providers/\(providerId)", ["config": ["signingKey": .string(next.publicKey.pemRepresentation)]])
        #expect(await client.login(.customToken, ["token": .string(try await token(next))]).status == 200)
        #expect(await client.login(.customToken, ["token": .string(try await token(privateKey))]).errorCode == "AuthError")
    }

    /// A `signingKey` that is not a string is refused by its path, and makes no secret.
    @Test func aSigningKeyOfTheWrongKindIsRefusedAndMakesNoSecret() async throws {
        var (admin, app, _) = try await Self.app(.sqlite)
        let refused = try await admin.raw(
            .post, "\(app)/auth_providers", ["type": "custom-token", "config": ["signingAlgorithm": "RS256", "signingKey": 42]])
        #expect(refused.status == 400 && refused.errorMessage?.contains("config.signingKey") == true, "\(refused.errorMessage ?? "")")
        // A key that is no RSA public key: the provider is refused, and leaves no secret behind.
        let notAKey = try await admin.raw(
            .post, "\(app)/auth_providers", ["type": "custom-token", "config": ["signingAlgorithm": "RS256", "signingKey": "not a key"]])
        #expect(notAKey.status == 400, "\(notAKey.errorMessage ?? "")")
        #expect(try await admin.json(.get, "\(app)/secrets") == [])
        #expect(try await admin.json(.get, "\(app)/auth_providers").arrayValue?.contains { $0["type"] == "custom-token" } == false)
    }

    /// realm-kotlin's `setResetFunction`, `setCustomConfirmation` and `setAutomaticConfirmation`:
    /// `PATCH auth_providers/{id}` with `{"config": {<one key>}}`. The other settings stay.
    @Test(arguments: StoreKind.allCases) func aPatchHoldingOneSettingChangesOnlyThatSetting(_ kind: StoreKind) async throws {
        var (admin, app, client) = try await Self.app(kind)
        var functionIds: [String] = []
        for name in ["confirmFunc", "resetFunc", "otherReset"] {
            let source = "exports = () => ({ status: 'pending' })"
            let made = try await admin.json(.post, "\(app)/functions", ["name": .string(name), "private": false, "source": .string(source)])
            functionIds.append(try RealmCoreAdminSetup.field(made, "_id"))
        }
        let made = try await admin.json(.post, "\(app)/auth_providers", [
            "name": "local-userpass", "type": "local-userpass",
            "config": [
                "autoConfirm": false, "runConfirmationFunction": true, "confirmationFunctionName": "confirmFunc", "runResetFunction": false,
                "resetFunctionName": "resetFunc", "resetPasswordUrl": "http://localhost/resetPassword",
            ],
        ])
        let provider = "\(app)/auth_providers/\(try RealmCoreAdminSetup.field(made, "_id"))"

        try await admin.json(.patch, provider, ["config": ["runResetFunction": true]])
        var shown = try await admin.json(.get, provider)
        #expect(shown["config"]?["runResetFunction"] == true && shown["config"]?["resetFunctionName"] == "resetFunc")
        #expect(shown["config"]?["confirmationFunctionName"] == "confirmFunc" && shown["config"]?["resetPasswordUrl"] == "http://localhost/resetPassword")
        #expect(shown["type"] == "local-userpass" && shown["disabled"] == false)

        // The function named by id alone replaces the one named by name.
        try await admin.json(.patch, provider, ["config": ["resetFunctionId": .string(functionIds[2])]])
        shown = try await admin.json(.get, provider)
        #expect(shown["config"]?["resetFunctionName"] == "otherReset" && shown["config"]?["resetFunctionId"] == .string(functionIds[2]))

        // Pending until confirmed; with autoConfirm set by a PATCH of that key alone, confirmed at once.
        #expect(await client.register("ann@example.com", "password-1").status == 201)
        #expect(await client.emailLogin("ann@example.com", "password-1").status == 401)
        try await admin.json(.patch, provider, ["config": ["autoConfirm": true, "runConfirmationFunction": false]])
        #expect(await client.register("bob@example.com", "password-1").status == 201)
        #expect(await client.emailLogin("bob@example.com", "password-1").status == 200)
        // An App Services app's password policy, in App Services' words (realm-js's suites match them).
        #expect(await client.register("cy@example.com", "five5").errorMessage == "password must be between 6 and 128 characters")

        // What a PATCH may not do is refused by name, and changes nothing.
        let retyped = try await admin.raw(.patch, provider, ["type": "anon-user"])
        #expect(retyped.status == 400 && retyped.errorMessage?.contains("type") == true)
        let unknown = try await admin.raw(.patch, provider, ["config": ["resetFunctionName": "nowhere"]])
        #expect(unknown.status == 400 && unknown.errorMessage?.contains("config.resetFunctionName") == true)
        shown = try await admin.json(.get, provider)
        #expect(shown["config"]?["resetFunctionName"] == "otherReset" && shown["config"]?["autoConfirm"] == true)
    }
}
