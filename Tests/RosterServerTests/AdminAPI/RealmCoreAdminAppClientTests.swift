import Foundation
import RosterWire
import Testing
@testable import RosterServer

/// realm-core's `[baas]` App cases that need no Device Sync, through the client API, against
/// the app its harness made through the Admin API (RealmCoreAdminSetup): log-in with every
/// credential kind, user API keys, linking, deleting users, token refresh, custom JWT metadata
/// and remote MongoDB on `BackingDB`. The email/password functions, the test functions and
/// custom user data run in RealmCoreTestAppTests against the same app.
@Suite(.timeLimit(.minutes(3))) struct RealmCoreAdminAppClientTests {
    /// realm-core's `create_jwt` expires on 2022-08-30T21:54:36Z; the server's clock stands
    /// before it, as the suite's server's did when the token was written.
    static let clock = TestClock(Date(timeIntervalSince1970: 1_661_800_000))

    static func app() async throws -> (RealmCoreAdminApp, TestServer) {
        let made = try await RealmCoreAdminSetup.createApp(on: try await AdminTestServer.make(store: .sqlite, clock: TestClock(clock.now)))
        return (made, made.testServer)
    }

    /// `create_jwt(appId)`: HS256 under `customTokenKey`, `sub` someUserId, name and
    /// occupation under `user_data`, another name under `my_metadata`.
    static func realmCoreJWT(audience: String, occupation: Bool = true) async throws -> String {
        var userData: JSONObject = ["name": "Foo Bar"]
        if occupation { userData["occupation"] = "firefighter" }
        return try await ExternalToken.hs256(
            [
                "aud": .string(audience), "sub": "someUserId", "exp": 1_661_896_476, "user_data": .object(userData),
                "my_metadata": ["name": "Bar Foo", "occupation": "stock analyst"],
            ], secret: RealmCoreAdminHarness.customTokenKey)
    }

    @Test func everyCredentialKindLogsIn() async throws {
        let (_, t) = try await Self.app()
        let anonymous = try await t.loggedIn(.anonymous)
        let email = "realm_tests_do_autoverify-ann@example.com"
        #expect(await t.register(email, "password-1").status == 201)
        let byEmail = try await t.loggedIn(.emailPassword, ["username": .string(email), "password": "password-1"])
        let byFunction = try await t.loggedIn(.customFunction, ["realmCustomAuthFuncUserId": "ann-1"])
        let byJWT = try await t.loggedIn(.customToken, ["token": .string(try await Self.realmCoreJWT(audience: t.appId))])
        let created = await t.call(.post, Route.apiKeys, json: ["name": "laptop"], bearer: byEmail.refreshToken)
        #expect(created.status == 201)
        let key = try #require(try created.decoded(APIKeyResponse.self).key)
        let byKey = try await t.loggedIn(.apiKey, ["key": .string(key)])
        #expect(byKey.userId == byEmail.userId)
        #expect(Set([anonymous.userId, byEmail.userId, byFunction.userId, byJWT.userId]).count == 4)
    }

    @Test func customJWTMetadataFieldsAreTheProfileAndARequiredOneMissingIsRefused() async throws {
        let (_, t) = try await Self.app()
        let login = try await t.loggedIn(.customToken, ["token": .string(try await Self.realmCoreJWT(audience: t.appId))])
        let profile = try await t.call(.get, Route.profile, bearer: login.accessToken).decoded(ProfileResponse.self)
        #expect(profile.data["name"] == "Foo Bar" && profile.data["occupation"] == "firefighter" && profile.data["anotherName"] == "Bar Foo")
        #expect(profile.identities == [Identity(id: "someUserId", providerType: "custom-token")])
        let refused = await t.login(.customToken, ["token": .string(try await Self.realmCoreJWT(audience: t.appId, occupation: false))])
        #expect(refused.status == 401 && refused.errorCode == "AuthError")
    }

    @Test func tokensRefreshLinkingKeepsTheUserAndADeletedUserIsGone() async throws {
        let (_, t) = try await Self.app()
        let anonymous = try await t.loggedIn(.anonymous)
        let refreshed = await t.call(.post, Route.session, bearer: anonymous.refreshToken)
        #expect(refreshed.status == 200)
        let access = try refreshed.decoded(SessionResponse.self).accessToken
        #expect(try UnverifiedJWT.claims(AccessTokenClaims.self, of: access).sub == anonymous.userId)

        let email = "realm_tests_do_autoverify-bob@example.com"
        #expect(await t.register(email, "password-1").status == 201)
        let linked = await t.call(.post, Route.login(appId: t.appId, provider: .emailPassword), json: ["username": .string(email), "password": "password-1"],
            bearer: access, query: ["link": "true"])
        #expect(linked.status == 200 && (try? linked.decoded(LinkResponse.self).userId) == anonymous.userId)
        let profile = try await t.call(.get, Route.profile, bearer: access).decoded(ProfileResponse.self)
        #expect(Set(profile.identities.map(\.providerType)) == ["anon-user", "local-userpass"])

        #expect(await t.call(.delete, Route.delete, bearer: access).status == 204)
        #expect(await t.emailLogin(email, "password-1").status == 401)
        #expect(await t.call(.post, Route.session, bearer: anonymous.refreshToken).status == 401)
    }

    /// The remote MongoDB client on `BackingDB`, in the database the harness named.
    @Test func remoteMongoDBReadsAndWritesTheHarnesssDatabase() async throws {
        let (app, t) = try await Self.app()
        let login = try await t.loggedIn(.anonymous)
        func call(_ name: String, _ arguments: JSONObject) async -> WireResponse {
            var argument = arguments
            argument["database"] = .string(app.databaseName)
            argument["collection"] = "Dog"
            return await t.call(.post, Route.functionCall(appId: t.appId), json: ["name": .string(name), "service": "BackingDB", "arguments": [.object(argument)]],
                bearer: login.accessToken)
        }
        let inserted = await call("insertOne", ["document": ["name": "fido", "breed": "labrador", "realm_id": "foo"]])
        #expect(inserted.status == 200 && inserted.json?["insertedId"] != nil, "\(String(decoding: inserted.body, as: UTF8.self))")
        #expect(await call("insertMany", ["documents": [["name": "rex"], ["name": "bob"]]]).json?["insertedIds"]?.arrayValue?.count == 2)
        let found = await call("findOne", ["query": ["name": "fido"]])
        #expect(found.json?["breed"] == "labrador")
        let counted = await call("count", ["query": [:]]).json
        #expect(counted?["$numberLong"] == "3" || counted == 3)
        #expect(await call("deleteMany", ["query": [:]]).json?["deletedCount"] != nil)
        #expect(await call("findOne", ["query": ["name": "fido"]]).json == .null)
    }
}

/// realm-core's "app: push notifications" against its app (which has the `gcm` service):
/// push notifications are not served, so registering and deregistering with `gcm` answer so;
/// an unknown service is App Services' "service not found"; a user signed out is refused first.
@Suite(.timeLimit(.minutes(3))) struct RealmCorePushRegistrationTests {
    @Test func registrationsAreAnsweredAsNotServedAndAnUnknownServiceAsAppServicesDoes() async throws {
        let (_, t) = try await RealmCoreAdminAppClientTests.app()
        let login = try await t.loggedIn(.anonymous)
        func registration(_ method: WireMethod, _ service: String, bearer: String?) async -> WireResponse {
            await t.call(
                method, "\(Route.base)/app/\(t.appId)/push/providers/\(service)/registration", json: method == .put ? ["registrationToken": "hello"] : nil,
                bearer: bearer)
        }
        for method: WireMethod in [.put, .delete] {
            let gcm = await registration(method, "gcm", bearer: login.accessToken)
            #expect(gcm.status == 404 && gcm.errorCode == "ServiceNotFound" && gcm.errorMessage?.hasPrefix("push notifications are not served") == true)
            let unknown = await registration(method, "gcm_blah", bearer: login.accessToken)
            #expect(unknown.status == 404 && unknown.errorCode == "ServiceNotFound" && unknown.errorMessage == "service not found: 'gcm_blah'")
            // The data service is no push service either.
            #expect(await registration(method, "BackingDB", bearer: login.accessToken).errorMessage == "service not found: 'BackingDB'")
            #expect(await registration(method, "gcm", bearer: nil).errorCode == "InvalidSession")
        }
        #expect(await t.call(.delete, Route.session, bearer: login.refreshToken).status == 204)
        #expect(await registration(.put, "gcm", bearer: login.accessToken).status == 401)
    }
}
