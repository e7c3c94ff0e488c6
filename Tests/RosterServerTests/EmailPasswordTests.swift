import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

@Suite struct EmailPasswordTests {
    // BEHAVIOURS 7
    @Test(arguments: StoreKind.allCases) func registerThenLoginTwiceGivesTheSameUser(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let registered = await t.register("Ann@Example.com", "secret-1")
        #expect(registered.status == 201)
        let first = try await t.emailLogin("ann@example.com", "secret-1").decoded(LoginResponse.self)
        let second = try await t.emailLogin("ANN@example.com", "secret-1").decoded(LoginResponse.self)
        #expect(first.userId == second.userId)
        #expect(first.refreshToken != second.refreshToken)
        #expect(try await t.userCount() == 1)
        let profile = try await t.call(.get, Route.profile, bearer: first.accessToken).decoded(ProfileResponse.self)
        #expect(profile.data["email"] == "ann@example.com")
        #expect(profile.identities.map(\.providerType) == ["local-userpass"])
    }

    // BEHAVIOURS 9
    @Test(arguments: StoreKind.allCases) func wrongPasswordAndUnknownEmailGiveTheSameAnswer(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-1")
        let wrong = await t.emailLogin("ann@example.com", "secret-2")
        let unknown = await t.emailLogin("bob@example.com", "secret-1")
        #expect(wrong.status == 401)
        #expect(wrong.errorCode == "InvalidPassword")
        #expect(unknown.status == 401)
        #expect(unknown.errorCode == "InvalidPassword")
        #expect(wrong.body == unknown.body)
        #expect(try await t.userCount() == 0)
    }

    @Test(arguments: StoreKind.allCases) func registeringATakenEmailIsAccountNameInUse(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        #expect(await t.register("ann@example.com", "secret-1").status == 201)
        let again = await t.register("ANN@example.com", "other-pass")
        #expect(again.status == 409)
        #expect(again.errorCode == "AccountNameInUse")
        #expect(await t.emailLogin("ann@example.com", "secret-1").status == 200)
    }

    @Test(arguments: StoreKind.allCases) func withoutAutoConfirmTheAccountCannotLogInYet(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(TestConfig.app(autoConfirm: false), store: kind)
        #expect(await t.register("ann@example.com", "secret-1").status == 201)
        let login = await t.emailLogin("ann@example.com", "secret-1")
        #expect(login.status == 401)
        #expect(login.errorCode == "AuthError")
        let resend = await t.call(.post, Route.emailPassword(appId: t.appId, .confirmSend), json: ["email": "ann@example.com"])
        #expect(resend.status == 204)
        let confirm = await t.call(.post, Route.emailPassword(appId: t.appId, .confirm), json: ["token": "x", "tokenId": "y"])
        #expect(confirm.errorCode == "BadRequest")
    }

    @Test(arguments: StoreKind.allCases) func confirmationRoutesAnswerByTheProtocol(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-1")
        let already = await t.call(.post, Route.emailPassword(appId: t.appId, .confirmSend), json: ["email": "ann@example.com"])
        #expect(already.errorCode == "UserAlreadyConfirmed")
        let missing = await t.call(.post, Route.emailPassword(appId: t.appId, .confirmSend), json: ["email": "zed@example.com"])
        #expect(missing.errorCode == "UserNotFound")
        let reset = await t.call(.post, Route.emailPassword(appId: t.appId, .resetSend), json: ["email": "zed@example.com"])
        #expect(reset.status == 204)
    }

    @Test(arguments: StoreKind.allCases) func badRegistrationsAreRefused(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        #expect(await t.register("not-an-email", "secret-1").errorCode == "BadRequest")
        #expect(await t.register("ann@example.com", "123").errorCode == "BadRequest")
        // Control characters, which a terminal listing users would act on, are no part of an email.
        for hostile in ["ann\u{1B}[2J@example.com", "ann@exa\u{07}mple.com", "ann@example.com\u{9B}31m", "ann\u{2028}@example.com"] {
            #expect(await t.register(hostile, "secret-12").errorCode == "BadRequest", "\(hostile.debugDescription)")
        }
        #expect(try await t.userCount() == 0)
        #expect(await t.emailLogin("ann@example.com", "123").errorCode == "InvalidPassword")
    }
}
