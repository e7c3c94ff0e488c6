import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

@Suite struct SessionTests {
    @Test(arguments: StoreKind.allCases) func refreshGivesANewAccessTokenForTheSameSession(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let login = try await t.loggedIn(.anonymous)
        t.clock.advance(by: 60)
        let response = await t.call(.post, Route.session, bearer: login.refreshToken)
        #expect(response.status == 200)
        let session = try response.decoded(SessionResponse.self)
        #expect(session.refreshToken == nil)
        let before = try UnverifiedJWT.claims(AccessTokenClaims.self, of: login.accessToken)
        let after = try UnverifiedJWT.claims(AccessTokenClaims.self, of: session.accessToken)
        #expect(after.sub == login.userId)
        #expect(after.sessionId == before.sessionId)
        #expect(after.iat == before.iat + 60)
        #expect(await t.call(.get, Route.profile, bearer: session.accessToken).status == 200)
    }

    // BEHAVIOURS 19, 27
    @Test(arguments: StoreKind.allCases) func logOutRevokesTheSessionForGood(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let login = try await t.loggedIn(.anonymous)
        let logout = await t.call(.delete, Route.session, bearer: login.refreshToken)
        #expect(logout.status == 204)
        #expect(logout.body.isEmpty)
        let refresh = await t.call(.post, Route.session, bearer: login.refreshToken)
        #expect(refresh.status == 401)
        #expect(refresh.errorCode == "InvalidSession")
        // The access token of a revoked session stops too.
        let profile = await t.call(.get, Route.profile, bearer: login.accessToken)
        #expect(profile.status == 401)
        #expect(profile.errorCode == "InvalidSession")
        // Logging out again is harmless.
        #expect(await t.call(.delete, Route.session, bearer: login.refreshToken).status == 204)
    }

    // BEHAVIOURS 45, 48
    @Test(arguments: StoreKind.allCases) func theRevocationTokenEndsItsSessionAndDoesNothingElse(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-1")
        let login = try await t.emailLogin("ann@example.com", "secret-1").decoded(LoginResponse.self)
        let revocation = try #require(login.revocationToken)
        #expect(revocation != login.refreshToken)
        #expect(try UnverifiedJWT.claims(RefreshTokenClaims.self, of: revocation).typ == "revoke")
        // It neither refreshes nor authorizes.
        let refresh = await t.call(.post, Route.session, bearer: revocation)
        #expect(refresh.status == 401)
        #expect(refresh.errorCode == "InvalidSession")
        #expect(await t.call(.get, Route.profile, bearer: revocation).status == 401)
        #expect(await t.call(.post, Route.session, bearer: login.refreshToken).status == 200)
        // Another session of the same user is not its to end.
        let other = try await t.emailLogin("ann@example.com", "secret-1").decoded(LoginResponse.self)
        #expect(await t.call(.delete, Route.session, bearer: revocation).status == 204)
        #expect(await t.call(.post, Route.session, bearer: login.refreshToken).status == 401)
        #expect(await t.call(.get, Route.profile, bearer: login.accessToken).status == 401)
        #expect(await t.call(.post, Route.session, bearer: other.refreshToken).status == 200)
    }

    @Test(arguments: StoreKind.allCases) func otherSessionsOfTheUserSurviveALogOut(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-1")
        let first = try await t.emailLogin("ann@example.com", "secret-1").decoded(LoginResponse.self)
        let second = try await t.emailLogin("ann@example.com", "secret-1").decoded(LoginResponse.self)
        let loggedOut = await t.call(.delete, Route.session, bearer: first.refreshToken)
        #expect(loggedOut.status == 204 && loggedOut.body.isEmpty)
        // The first session is over: neither of its tokens is taken any more.
        let refresh = await t.call(.post, Route.session, bearer: first.refreshToken)
        #expect(refresh.status == 401 && refresh.errorCode == "InvalidSession")
        #expect(refresh.errorMessage == "invalid session: failed to find refresh token")
        let profile = await t.call(.get, Route.profile, bearer: first.accessToken)
        #expect(profile.status == 401 && profile.errorCode == "InvalidSession")
        #expect(profile.errorMessage == "invalid session: the session no longer exists")
        // The second goes on.
        #expect(await t.call(.post, Route.session, bearer: second.refreshToken).status == 200)
        #expect(await t.call(.get, Route.profile, bearer: second.accessToken).status == 200)
    }

    @Test(arguments: StoreKind.allCases) func expiredTokensAreInvalidSession(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let login = try await t.loggedIn(.anonymous)
        t.clock.advance(by: 1801)
        let profile = await t.call(.get, Route.profile, bearer: login.accessToken)
        #expect(profile.errorCode == "InvalidSession")
        #expect(await t.call(.post, Route.session, bearer: login.refreshToken).status == 200)
        t.clock.advance(by: 3600 * 24)
        let refresh = await t.call(.post, Route.session, bearer: login.refreshToken)
        #expect(refresh.status == 401)
        #expect(refresh.errorCode == "InvalidSession")
    }

    @Test(arguments: StoreKind.allCases) func tokensOfTheWrongKindAreRefused(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let login = try await t.loggedIn(.anonymous)
        #expect(await t.call(.post, Route.session, bearer: login.accessToken).errorCode == "InvalidSession")
        #expect(await t.call(.get, Route.profile, bearer: login.refreshToken).errorCode == "InvalidSession")
        #expect(await t.call(.get, Route.apiKeys, bearer: login.accessToken).errorCode == "InvalidSession")
        #expect(await t.call(.get, Route.profile).errorCode == "InvalidSession")
        #expect(await t.call(.get, Route.profile, bearer: "garbage").errorCode == "InvalidSession")
    }

    @Test(arguments: StoreKind.allCases) func aTokenSignedByAnotherKeyIsRefused(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let other = try await TestServer.make(store: kind)
        let foreign = try await other.loggedIn(.anonymous)
        let response = await t.call(.post, Route.session, bearer: foreign.refreshToken)
        #expect(response.status == 401)
        #expect(response.errorCode == "InvalidSession")
        // A forged payload under a real header and signature does not pass either.
        let own = try await t.loggedIn(.anonymous)
        let parts = own.accessToken.split(separator: ".")
        let forgedPayload = Data(#"{"sub":"aaaaaaaaaaaaaaaaaaaaaaaa","iat":1,"exp":9999999999,"typ":"access"}"#.utf8)
            .base64EncodedString().replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
        let forged = "\(parts[0]).\(forgedPayload).\(parts[2])"
        #expect(await t.call(.get, Route.profile, bearer: forged).errorCode == "InvalidSession")
    }

    // BEHAVIOURS 27
    @Test(arguments: StoreKind.allCases) func disabledUserCannotLogInOrRefresh(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-1")
        let login = try await t.emailLogin("ann@example.com", "secret-1").decoded(LoginResponse.self)
        try await t.server.admin.setDisabled(appId: t.appId, userId: login.userId, true)
        let again = await t.emailLogin("ann@example.com", "secret-1")
        #expect(again.status == 401)
        #expect(again.errorCode == "UserDisabled")
        let refresh = await t.call(.post, Route.session, bearer: login.refreshToken)
        #expect(refresh.status == 401)
        #expect(refresh.errorCode == "InvalidSession")
    }

    @Test(arguments: StoreKind.allCases) func adminRevokeStopsEverySession(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-1")
        let first = try await t.emailLogin("ann@example.com", "secret-1").decoded(LoginResponse.self)
        let second = try await t.emailLogin("ann@example.com", "secret-1").decoded(LoginResponse.self)
        #expect(try await t.server.admin.findUser(appId: t.appId, idOrEmail: "ann@example.com")?.activeSessions == 2)
        #expect(try await t.server.admin.revokeSessions(appId: t.appId, userId: first.userId) == 2)
        #expect(await t.call(.post, Route.session, bearer: first.refreshToken).errorCode == "InvalidSession")
        #expect(await t.call(.post, Route.session, bearer: second.refreshToken).errorCode == "InvalidSession")
        #expect(try await t.server.admin.findUser(appId: t.appId, idOrEmail: first.userId)?.activeSessions == 0)
    }

    // BEHAVIOURS 38
    @Test(arguments: StoreKind.allCases) func deletedUsersCredentialsNoLongerLogIn(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-1")
        let login = try await t.emailLogin("ann@example.com", "secret-1").decoded(LoginResponse.self)
        let delete = await t.call(.delete, Route.delete, bearer: login.accessToken)
        #expect(delete.status == 204)
        #expect(try await t.userCount() == 0)
        #expect(await t.emailLogin("ann@example.com", "secret-1").errorCode == "InvalidPassword")
        #expect(await t.call(.post, Route.session, bearer: login.refreshToken).errorCode == "InvalidSession")
        // The email is free again.
        #expect(await t.register("ann@example.com", "secret-2").status == 201)
        let fresh = try await t.emailLogin("ann@example.com", "secret-2").decoded(LoginResponse.self)
        #expect(fresh.userId != login.userId)
    }
}
