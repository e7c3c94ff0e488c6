import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Bad input of every kind gets the protocol's error JSON with the right code, and changes nothing.
@Suite struct BadInputTests {
    func expectError(_ response: WireResponse, _ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == status, sourceLocation: sourceLocation)
        #expect(response.errorCode == code, sourceLocation: sourceLocation)
        #expect(response.headers["content-type"] == "application/json", sourceLocation: sourceLocation)
        #expect(response.errorResponse?.error.isEmpty == false, sourceLocation: sourceLocation)
    }

    @Test(arguments: StoreKind.allCases) func malformedJSONIsBadRequest(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let login = Route.login(appId: t.appId, provider: .emailPassword)
        for body in ["{", "not json", "[1,2]", "\"text\"", "{\"username\": }"] {
            expectError(await t.call(.post, login, body: Data(body.utf8)), 400, "BadRequest")
        }
        expectError(await t.call(.post, Route.emailPassword(appId: t.appId, .register), body: Data("{".utf8)), 400, "BadRequest")
        let ann = try await t.loggedIn(.anonymous)
        expectError(await t.call(.post, Route.apiKeys, body: Data("{oops".utf8), bearer: ann.refreshToken), 400, "BadRequest")
        #expect(try await t.userCount() == 1)
    }

    @Test(arguments: StoreKind.allCases) func missingFieldIsMissingParameter(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        expectError(await t.login(.emailPassword, ["username": "ann@example.com"]), 400, "MissingParameter")
        expectError(await t.login(.emailPassword, [:]), 400, "MissingParameter")
        expectError(await t.login(.apiKey, [:]), 400, "MissingParameter")
        expectError(await t.login(.customToken, ["other": 1]), 400, "MissingParameter")
        expectError(await t.call(.post, Route.emailPassword(appId: t.appId, .register), json: ["email": "a@b.co"]), 400, "MissingParameter")
        #expect(try await t.userCount() == 0)
    }

    @Test(arguments: StoreKind.allCases) func wrongTypeIsInvalidParameter(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        expectError(await t.login(.emailPassword, ["username": 5, "password": "x"]), 400, "InvalidParameter")
        expectError(await t.login(.apiKey, ["key": ["nested": true]]), 400, "InvalidParameter")
        expectError(await t.login(.anonymous, ["options": ["device": ["deviceId": 12]]]), 400, "InvalidParameter")
        expectError(
            await t.call(.post, Route.emailPassword(appId: t.appId, .register), json: ["email": "a@b.co", "password": 123456]), 400,
            "InvalidParameter")
        #expect(try await t.userCount() == 0)
    }

    /// A body of the app's limit is read; one byte more is refused before the route runs.
    @Test(arguments: StoreKind.allCases) func oversizedBodyIsPayloadTooLarge(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(TestConfig.app(maxRequestBytes: 1024), store: kind)
        func expectTooLarge(_ response: WireResponse, sourceLocation: SourceLocation = #_sourceLocation) {
            expectError(response, 413, "PayloadTooLarge", sourceLocation: sourceLocation)
            #expect(response.errorMessage == "the request body is larger than 1024 bytes", sourceLocation: sourceLocation)
        }
        let anonymous = Route.login(appId: t.appId, provider: .anonymous)
        #expect(await t.call(.post, anonymous, body: SizedBody.json(bytes: 1023)).status == 200)
        #expect(await t.call(.post, anonymous, body: SizedBody.json(bytes: 1024)).status == 200)
        expectTooLarge(await t.call(.post, anonymous, body: SizedBody.json(bytes: 1025)))
        let register = Route.emailPassword(appId: t.appId, .register)
        let bob = #""email":"bob@example.com","password":"secret-12","#
        expectTooLarge(await t.call(.post, register, body: SizedBody.json(bytes: 1025, leading: bob)))
        let ann = #""email":"ann@example.com","password":"secret-12","#
        #expect(await t.call(.post, register, body: SizedBody.json(bytes: 1024, leading: ann)).status == 201)
        let user = try await t.loggedIn(.anonymous)
        expectTooLarge(await t.call(.post, Route.session, body: SizedBody.json(bytes: 1025), bearer: user.refreshToken))
        #expect(await t.call(.post, Route.session, body: SizedBody.json(bytes: 1024), bearer: user.refreshToken).status == 200)
        // Bob was never registered; Ann was, and logs in.
        #expect(await t.emailLogin("bob@example.com", "secret-12").errorCode == "InvalidPassword")
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 200)
        #expect(try await t.userCount() == 4)
    }

    @Test(arguments: StoreKind.allCases) func unknownProviderAppAndRoute(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        expectError(await t.call(.post, "\(Route.app(t.appId))/auth/providers/nope/login", json: [:]), 404, "AuthProviderNotFound")
        for disabled in [ProviderType.customFunction, .google, .apple, .facebook] {
            expectError(await t.login(disabled, [:]), 404, "AuthProviderNotFound")
        }
        expectError(await t.call(.post, Route.login(appId: "nope", provider: .anonymous), json: [:]), 404, "AppNotFound")
        expectError(await t.call(.post, Route.emailPassword(appId: "nope", .register), json: [:]), 404, "AppNotFound")
        expectError(await t.call(.get, "/api/client/v2.0/nothing/here"), 404, "RouteNotFound")
        expectError(await t.call(.get, "/"), 404, "RouteNotFound")
        expectError(await t.call(.put, Route.session), 404, "RouteNotFound")
        #expect(try await t.userCount() == 0)
    }

    @Test(arguments: StoreKind.allCases) func providerDisabledInConfigIsNotFound(_ kind: StoreKind) async throws {
        var config = TestConfig.app()
        config.providers.anonymous = ToggleProviderConfig(enabled: false)
        config.providers.customToken = nil
        let t = try await TestServer.make(config, store: kind)
        expectError(await t.login(.anonymous, [:]), 404, "AuthProviderNotFound")
        expectError(await t.login(.customToken, ["token": "x"]), 404, "AuthProviderNotFound")
    }

    @Test(arguments: StoreKind.allCases) func badTokensAreInvalidSessionAndChangeNothing(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let ann = try await t.loggedIn(.anonymous)
        for header in [nil, "garbage", "a.b.c", ann.accessToken, ann.refreshToken + "x"] {
            expectError(await t.call(.post, Route.session, bearer: header), 401, "InvalidSession")
            expectError(await t.call(.delete, Route.session, bearer: header), 401, "InvalidSession")
        }
        let raw = await t.server.respond(
            to: WireRequest(method: .delete, path: Route.delete, headers: ["authorization": "Basic abc"]))
        expectError(raw, 401, "InvalidSession")
        expectError(await t.call(.delete, Route.delete, bearer: ann.refreshToken), 401, "InvalidSession")
        #expect(try await t.userCount() == 1)
        #expect(await t.call(.post, Route.session, bearer: ann.refreshToken).status == 200)
    }
}
