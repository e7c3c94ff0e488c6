import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Accounts that really end: a password reset shuts out every session of the user, disabling
/// revokes, and deleting a user leaves nothing of theirs behind.
@Suite struct AccountEndingTests {
    func resetByToken(_ t: TestServer, _ email: String, to password: String) async throws -> WireResponse {
        #expect(await t.emailRoute(.resetSend, ["email": .string(email)]).status == 204)
        let message = try #require(try t.outboxMessages().last { $0.kind == .reset && $0.to == email })
        return await t.emailRoute(.reset, ["password": .string(password), "token": .string(message.token), "tokenId": .string(message.tokenId)])
    }

    @Test(arguments: StoreKind.allCases) func aPasswordResetEndsEverySessionOfTheUserAndNoOneElses(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        _ = await t.register("bob@example.com", "secret-34")
        let phone = try await t.emailLogin("ann@example.com", "secret-12").decoded(LoginResponse.self)
        let laptop = try await t.emailLogin("ann@example.com", "secret-12").decoded(LoginResponse.self)
        let bob = try await t.emailLogin("bob@example.com", "secret-34").decoded(LoginResponse.self)

        #expect(try await resetByToken(t, "ann@example.com", to: "new-secret-1").status == 204)
        for session in [phone, laptop] {
            let refresh = await t.call(.post, Route.session, bearer: session.refreshToken)
            #expect(refresh.status == 401)
            #expect(refresh.errorCode == "InvalidSession")
            #expect(await t.call(.get, Route.profile, bearer: session.accessToken).status == 401)
        }
        #expect(await t.call(.post, Route.session, bearer: bob.refreshToken).status == 200)
        // The new password logs in to a new session that works.
        let fresh = try await t.emailLogin("ann@example.com", "new-secret-1").decoded(LoginResponse.self)
        #expect(await t.call(.post, Route.session, bearer: fresh.refreshToken).status == 200)
    }

    @Test(arguments: StoreKind.allCases) func sessionsOutliveAResetOnlyWhenTheAppSaysSo(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(TestConfig.app(emailPassword: EmailPasswordConfig(endSessionsOnReset: false)), store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let phone = try await t.emailLogin("ann@example.com", "secret-12").decoded(LoginResponse.self)
        #expect(try await resetByToken(t, "ann@example.com", to: "new-secret-1").status == 204)
        #expect(await t.call(.post, Route.session, bearer: phone.refreshToken).status == 200)
        #expect(await t.emailLogin("ann@example.com", "new-secret-1").status == 200)
    }

    @Test(arguments: StoreKind.allCases) func aRefusedResetEndsNothing(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let phone = try await t.emailLogin("ann@example.com", "secret-12").decoded(LoginResponse.self)
        #expect(await t.emailRoute(.resetSend, ["email": "ann@example.com"]).status == 204)
        let message = try #require(try t.outboxMessages().last)
        let forged = await t.emailRoute(.reset, ["password": "new-secret-1", "token": "0000", "tokenId": .string(message.tokenId)])
        #expect(forged.errorCode == "BadRequest")
        let short = await t.emailRoute(.reset, ["password": "short", "token": .string(message.token), "tokenId": .string(message.tokenId)])
        #expect(short.errorCode == "BadRequest")
        #expect(await t.call(.post, Route.session, bearer: phone.refreshToken).status == 200)
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 200)
    }

    // BEHAVIOURS 27
    @Test(arguments: StoreKind.allCases) func disablingRevokesEverySessionForGood(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-1")
        let login = try await t.emailLogin("ann@example.com", "secret-1").decoded(LoginResponse.self)
        try await t.server.admin.setDisabled(appId: t.appId, userId: login.userId, true)
        #expect(await t.call(.get, Route.profile, bearer: login.accessToken).status == 401)
        try await t.server.admin.setDisabled(appId: t.appId, userId: login.userId, false)
        // Enabled again, the user logs in anew: the old session stays ended.
        #expect(await t.call(.post, Route.session, bearer: login.refreshToken).status == 401)
        #expect(await t.emailLogin("ann@example.com", "secret-1").status == 200)
    }

    // BEHAVIOURS 38
    @Test(arguments: StoreKind.allCases) func deletingAUserLeavesNothingOfTheirsBehind(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        _ = await t.register("bob@example.com", "secret-34")
        let ann = try await t.emailLogin("ann@example.com", "secret-12").decoded(LoginResponse.self)
        let bob = try await t.emailLogin("bob@example.com", "secret-34").decoded(LoginResponse.self)
        try await t.server.admin.setCustomData(appId: t.appId, userId: ann.userId, document: ["favoriteColor": "green"])
        try await t.server.admin.setCustomData(appId: t.appId, userId: bob.userId, document: ["favoriteColor": "blue"])
        #expect(await t.emailRoute(.resetSend, ["email": "ann@example.com"]).status == 204)
        let pending = try #require(try t.outboxMessages().last)

        let deleted = await t.call(.delete, Route.delete, bearer: ann.accessToken)
        #expect(deleted.status == 204)
        #expect(try await t.server.admin.customData(appId: t.appId, userId: ann.userId) == nil)
        #expect(try await t.server.admin.customData(appId: t.appId, userId: bob.userId)?["favoriteColor"] == "blue")
        // The pending reset token went with the account: it cannot take over a new one.
        #expect((200..<300).contains(await t.register("ann@example.com", "other-secret").status))
        let reused = await t.emailRoute(.reset, ["password": "taken-over", "token": .string(pending.token), "tokenId": .string(pending.tokenId)])
        #expect(reused.errorCode == "BadRequest")
        #expect(await t.emailLogin("ann@example.com", "taken-over").errorCode == "InvalidPassword")
        #expect(await t.call(.post, Route.session, bearer: bob.refreshToken).status == 200)
    }
}
