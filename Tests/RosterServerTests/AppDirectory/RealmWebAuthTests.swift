import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// realm-web's integration tests of logging in (`credentials.test.ts`, `app.test.ts`,
/// `user.test.ts`, `api-key-auth.test.ts`, `email-password-auth.test.ts`), each sending what
/// realm-web sends to realm-web's own test app, served from its App Services export, and
/// checking what those tests check of the answers.
@Suite(.timeLimit(.minutes(2))) struct RealmWebAuthTests {
    static let functionCredentials: JSONObject = ["username": "my-very-own-username", "secret": "v3ry-s3cret"]

    @Test func eachCredentialKindLogsIn() async throws {
        let app = try await RealmWebTestAppClient.start()
        #expect(await app.t.call(.get, Route.location(appId: app.appId)).status == 200)

        // anonymous: can authenticate
        _ = try await app.loggedIn(.anonymous)

        // emailPassword: can register and authenticate
        #expect(await app.t.register("gilfoil-1@testing.mongodb.com", "v3ry-s3cret").status == 201)
        _ = try await app.loggedIn(.emailPassword, ["username": "gilfoil-1@testing.mongodb.com", "password": "v3ry-s3cret"])

        // function: customAuthentication keeps app.users through context.services, so the same
        // username is the same user, and a wrong secret is refused in the function's words.
        let first = try await app.loggedIn(.customFunction, Self.functionCredentials)
        #expect(try await app.loggedIn(.customFunction, Self.functionCredentials).userId == first.userId)
        let refused = await app.logIn(.customFunction, ["username": "my-very-own-username", "secret": "guess"])
        #expect(refused.status == 401 && refused.errorMessage == "Ah ah ah, you didn't say the magic word")

        // jwt: the provider's empty audience is not checked; mySecretField is the profile's secret.
        let token = try await ExternalToken.hs256(
            ["aud": .string(app.appId), "exp": 4_070_908_800, "sub": "my-awesome-internal-id", "mySecretField": "some-secret-stuff"],
            secret: RealmWebTestAppClient.signingKey)
        let jwtUser = try await app.loggedIn(.customToken, ["token": .string(token)])
        let profile = try #require(await app.t.call(.get, Route.profile, bearer: jwtUser.accessToken).json)
        #expect(profile["data"] == ["secret": "some-secret-stuff"], "realm-web expects the profile's keys to be [\"secret\"]: \(profile)")
        let missing = try await ExternalToken.hs256(
            ["aud": .string(app.appId), "exp": 4_070_908_800, "sub": "my-awesome-internal-id"], secret: RealmWebTestAppClient.signingKey)
        #expect(await app.logIn(.customToken, ["token": .string(missing)]).status == 401, "mySecretField is required")
    }

    @Test func usersLogInHoldProfilesSwitchLogOutAndLink() async throws {
        let app = try await RealmWebTestAppClient.start()
        // User: can login a user; has a profile; has custom data.
        let user1 = try await app.loggedIn(.anonymous)
        let profile = try #require(await app.t.call(.get, Route.profile, bearer: user1.accessToken).json)
        #expect(profile["type"] == "normal")
        #expect(profile["data"]?["name"] == nil)
        #expect(profile["identities"]?.arrayValue?.count == 1)
        #expect(try UnverifiedJWT.claims(AccessTokenClaims.self, of: user1.accessToken).userData == nil, "customData is {}")

        // App: log in two users, switch between them and log out.
        let user2 = try await app.loggedIn(.anonymous)
        #expect(user1.userId != user2.userId)
        #expect(await app.t.call(.delete, Route.session, bearer: user1.refreshToken).status == 204)
        #expect(await app.call("translate", ["hello", "en_fr"], as: user2.accessToken).json == "bonjour", "the other user goes on")

        // User: refresh invalid access tokens — a refused token is refreshed and the call retried.
        let user3 = try await app.loggedIn(.anonymous)
        let invalid = "\(user3.accessToken.dropLast(4))AAAA"
        let unauthorized = await app.call("translate", ["hello", "en_fr"], as: invalid)
        #expect(unauthorized.status == 401, "realm-web refreshes on a 401 only")
        let session = try await app.t.call(.post, Route.session, bearer: user3.refreshToken).decoded(SessionResponse.self)
        #expect(await app.call("translate", ["hello", "en_fr"], as: session.accessToken).json == "bonjour")

        // User: linking with Email/Password credentials reuses the id and adds the identity.
        #expect(await app.t.register("dinesh-1@testing.mongodb.com", "v3ry-s3cret").status == 201)
        let linked = await app.logIn(.emailPassword, ["username": "dinesh-1@testing.mongodb.com", "password": "v3ry-s3cret"], linking: user3)
        #expect(linked.status == 200 && linked.json?["user_id"] == .string(user3.userId))
        let identities = await app.t.call(.get, Route.profile, bearer: session.accessToken).json?["identities"]?.arrayValue ?? []
        #expect(identities.map { $0["provider_type"] } == ["anon-user", "local-userpass"])
    }

    @Test func apiKeysAreListedCreatedFetchedDisabledEnabledUsedAndDeleted() async throws {
        let app = try await RealmWebTestAppClient.start()
        let user = try await app.loggedIn(.customFunction, Self.functionCredentials)
        // realm-web's apiKeys calls carry the refresh token.
        let before = try #require(await app.t.call(.get, Route.apiKeys, bearer: user.refreshToken).json?.arrayValue)
        #expect(before.isEmpty)
        let created = try #require(await app.t.call(.post, Route.apiKeys, json: ["name": "api-key-0"], bearer: user.refreshToken).json)
        let id = try #require(created["_id"]?.stringValue), key = try #require(created["key"]?.stringValue)
        #expect(created["name"] == "api-key-0" && created["disabled"] == false)
        #expect(await app.t.call(.get, Route.apiKeys, bearer: user.refreshToken).json?.arrayValue?.count == 1)
        #expect(await app.t.call(.put, Route.disableAPIKey(id), bearer: user.refreshToken).status == 204)
        #expect(await app.t.call(.get, Route.apiKey(id), bearer: user.refreshToken).json == ["_id": .string(id), "name": "api-key-0", "disabled": true])
        #expect(await app.t.call(.put, Route.enableAPIKey(id), bearer: user.refreshToken).status == 204)
        #expect(await app.t.call(.get, Route.apiKey(id), bearer: user.refreshToken).json == ["_id": .string(id), "name": "api-key-0", "disabled": false])
        #expect(try await app.loggedIn(.apiKey, ["key": .string(key)]).userId == user.userId)
        // Logged in again with the function's credentials, the user deletes the key.
        let again = try await app.loggedIn(.customFunction, Self.functionCredentials)
        #expect(await app.t.call(.delete, Route.apiKey(id), bearer: again.refreshToken).status == 204)
        #expect(await app.t.call(.get, Route.apiKeys, bearer: again.refreshToken).json == [])
    }

    @Test func emailPasswordRoutesAnswerAsTheAppIsConfigured() async throws {
        let app = try await RealmWebTestAppClient.start()
        let email = "gilfoil-2@testing.mongodb.com"
        // registers a user
        #expect(await app.t.register(email, "my-super-secret-password").status == 201)
        _ = try await app.loggedIn(.emailPassword, ["username": .string(email), "password": "my-super-secret-password"])
        // confirm a user: a token that is no token
        let confirm = await app.t.emailRoute(.confirm, ["token": "e30=", "tokenId": "some-token-id"])
        #expect(confirm.status == 400 && confirm.errorMessage == "invalid token data")
        // resend email confirmation: users are confirmed automatically
        #expect(await app.t.emailRoute(.confirmSend, ["email": .string(email)]).errorMessage == "already confirmed")
        // retry custom confirmation
        #expect(await app.t.emailRoute(.confirmCall, ["email": .string(email)]).errorMessage
            == "cannot run confirmation for \(email): automatic confirmation is enabled")
        // can request a password reset: resets run through the app's function
        let resetSend = await app.t.emailRoute(.resetSend, ["email": .string(email)])
        #expect(resetSend.status == 400 && resetSend.errorCode == "BadRequest" && resetSend.errorMessage == "please use reset password via function")
        // can reset a password via a function: resetPassword answers { status: "fail" }
        let reset = await app.t.emailRoute(.resetCall, ["email": .string(email), "password": "my-new-password", "arguments": ["some-argument"]])
        #expect(reset.errorMessage == "failed to reset password for user \"\(email)\"")
        #expect(await app.t.emailLogin(email, "my-super-secret-password").status == 200, "the password stays")
    }
}
