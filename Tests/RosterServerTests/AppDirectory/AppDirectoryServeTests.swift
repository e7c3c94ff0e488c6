import AsyncHTTPClient
import Foundation
import NIOHTTP1
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// An exported app directory served: the model mapped onto what the server serves (providers,
/// custom user data, rules that are Roster's rule words, allowed request origins, the data
/// service under its own name), what is not served yet named, and the served app answering
/// log-ins over the client API and honouring `allowed_request_origins`.
@Suite struct AppDirectoryServeTests {
    static let signingKey = "web-test-app-signing-key-0123456789-abcdef"

    static func webTestApp() throws -> ServableApp {
        let model = try AppDirectory.read(AppDirectoryFixtures.url("web-test-app"), appId: "web-test-app-qzxyv").model
        return try model.servableApp(secrets: AppSecrets(["jwtSigningKey": signingKey]))
    }

    @Test func theRootLayoutsAppIsServedWithItsProvidersAndDataService() throws {
        let served = try Self.webTestApp()
        let config = served.config
        #expect(config.appId == "web-test-app-qzxyv" && config.name == "web-test-app")
        #expect(config.allowedRequestOrigins == ["http://localhost:8080"])
        #expect(config.providers.anonymous?.enabled == true)
        #expect(config.providers.apiKey?.enabled == true)
        #expect(config.providers.emailPassword?.confirmation == .auto)
        #expect(config.providers.customToken?.audience == [], "an empty audience is not checked")
        #expect(config.providers.customToken?.keys == [CustomTokenKey(kid: "jwtSigningKey", algorithm: .hs256, secret: Self.signingKey)])
        #expect(config.providers.customToken?.metadataFields == [CustomTokenConfig.MetadataField(name: "mySecretField", fieldName: "secret", required: true)])
        #expect(config.providers.customFunction == CustomFunctionConfig(functionName: "customAuthentication"))
        #expect(config.dataServices == ["local-mongodb"])
        #expect(config.customUserData == nil)
        #expect(config.rules == [], "only the default rule, as realm-web's test app has it")
        #expect(served.notServed.isEmpty, "\(served.notServed)")
        #expect(config.defaultRule?.roles.map(\.name) == ["defaultRole"], "the default rule covers every collection")
        #expect(config.functions["translate"]?.isJavaScript == true && config.functions["translate"]?.isPrivate == false)
        #expect(config.functions["customAuthentication"]?.isPrivate == true && config.functions["customAuthentication"]?.runAsSystem == true)
    }

    @Test func theRealmConfigLayoutsAppMapsItsRuleWordsAndNamesWhatIsNotServedYet() throws {
        let model = try AppDirectory.read(AppDirectoryFixtures.url("store-app")).model
        let served = try model.servableApp(secrets: AppSecrets(["storeAdminKey": "kept apart"]))
        #expect(served.config.customUserData == CustomUserDataConfig(
            database: "StoreDemo", collection: "Users", userIdField: "userId", onUserCreationFunctionName: "assignStore"))
        #expect(served.config.rules.first == DataRule(database: "StoreDemo", collection: "Notes", read: .own, write: .own, userIdField: "owner"))
        #expect(served.config.rules.last?.explicitRoles?.map(\.name) == ["ownStore"], "rules beyond the words are served as roles")
        #expect(served.config.providers.apiKey?.enabled == false)
        #expect(!served.notServed.contains { $0.contains("rules") }, "\(served.notServed)")
        #expect(served.config.triggers == [
            TriggerConfig(name: "onUserCreation", functionName: "assignStore", event: .authentication(operation: .create, providers: ["local-userpass"]))
        ])
    }

    @Test func whatCannotBeServedYetIsRefusedByName() throws {
        var model = try AppDirectory.read(AppDirectoryFixtures.url("web-test-app")).model
        let secrets = AppSecrets(["jwtSigningKey": Self.signingKey])
        let function = try #require(model.providers.firstIndex { $0.kind == .customFunction })
        model.providers[function].disabled = false
        model.providers[function].settings = .customFunction(authFunctionName: "noSuchFunction")
        #expect(throws: AppDirectoryError(
            file: "auth/providers.json", key: "custom-function.config.authFunctionName",
            reason: "'noSuchFunction' is not one of the app's functions (functions/config.json)"
        )) { _ = try model.servableApp(secrets: secrets) }
        model.providers[function].disabled = true
        let token = try #require(model.providers.firstIndex { $0.kind == .customToken })
        model.providers[token].settings = .customToken(AppCustomTokenSettings(useJWKURI: true, jwkURI: "https://id.example/jwks"))
        #expect(throws: AppDirectoryError.self) { _ = try model.servableApp(secrets: secrets) }
    }

    @Test func aMissingSecretIsNamedAtStart() throws {
        let app = try AppDirectory.read(AppDirectoryFixtures.url("web-test-app")).model
        #expect(throws: AppDirectoryError(
            file: "secrets", key: "jwtSigningKey", reason: "the app names this secret, which no --secret or --secrets-file gives"
        )) {
            _ = try app.servableApp(secrets: AppSecrets())
        }
        let store = try AppDirectory.read(AppDirectoryFixtures.url("store-app")).model
        #expect(throws: AppDirectoryError.self) { _ = try store.servableApp(secrets: AppSecrets(["jwtSigningKey": "unrelated"])) }
    }

    @Test(.timeLimit(.minutes(2))) func theServedAppAnswersLogInsAndHonoursItsAllowedOrigins() async throws {
        let t = try await TestServer.make(try Self.webTestApp().config)
        let anonymous = try await t.loggedIn(.anonymous)
        #expect(!anonymous.accessToken.isEmpty)
        let register = await t.call(
            .post, Route.emailPassword(appId: t.appId, .register), json: ["email": "ann@example.com", "password": "secret-12"])
        #expect(register.status == 201)
        _ = try await t.loggedIn(.emailPassword, ["username": "ann@example.com", "password": "secret-12"])
        let now = Int64(t.clock.now.timeIntervalSince1970)
        let token = try await ExternalToken.hs256(
            ["sub": "ext-7", "aud": "any-audience", "iat": .int(now), "exp": .int(now + 600), "mySecretField": "Bo"], secret: Self.signingKey)
        _ = try await t.loggedIn(.customToken, ["token": .string(token)])

        try await withLoopbackServer(t.server) { port in
            let login = Route.login(appId: t.appId, provider: .anonymous)
            let listed = try await RequestOriginTests.send(port, .POST, login, origin: "http://localhost:8080", json: [:])
            #expect(listed.status == 200)
            #expect(listed.allowOrigin == "http://localhost:8080")
            let unlisted = try await RequestOriginTests.send(port, .POST, login, origin: "https://elsewhere.example", json: [:])
            #expect(unlisted.status == 403 && unlisted.errorCode == "AccessDenied")
            #expect(unlisted.corsHeaders.isEmpty)
        }
    }
}
