import Foundation
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// Operators log in to the Admin API by password or API key, read their profile, refresh and
/// end their session; their tokens and the apps' client tokens are never taken for each other.
@Suite struct AdminSessionTests {
    @Test(arguments: StoreKind.allCases) func anOperatorLogsInReadsTheProfileRefreshesAndLogsOut(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        #expect(login.userId == made.id && login.deviceId == "000000000000000000000000")
        let profile = try #require(await t.admin(.get, "auth/profile", bearer: login.accessToken).json)
        #expect(profile["roles"]?.arrayValue?.first?["group_id"]?.stringValue == made.groupId)
        #expect(profile["data"]?["email"]?.stringValue == "ops@example.com")

        let refreshed = await t.admin(.post, "auth/session", bearer: login.refreshToken)
        #expect(refreshed.status == 201)
        let access = try refreshed.decoded(AdminRefresh.self).accessToken
        #expect(await t.admin(.get, "auth/profile", bearer: access).status == 200)
        // An access token is not a refresh token.
        #expect(await t.admin(.post, "auth/session", bearer: access).status == 401)

        #expect(await t.admin(.delete, "auth/session", bearer: login.refreshToken).status == 204)
        for token in [login.accessToken, access] {
            let ended = await t.admin(.get, "auth/profile", bearer: token)
            #expect(ended.status == 401 && ended.errorCode == "InvalidSession")
        }
        #expect(await t.admin(.post, "auth/session", bearer: login.refreshToken).status == 401)
        let entries = try await t.server.services.hosting.store.auditEntries(appId: AdminLimits.scope, AuditQuery())
        #expect(entries.map(\.event).reversed() == [.loggedIn, .loggedOut])
        #expect(entries.allSatisfy { $0.userId == made.id })
        let text = String(decoding: try JSONEncoder().encode(entries), as: UTF8.self)
        #expect(!text.contains("long-secret-1") && !text.contains(login.refreshToken))
    }

    @Test(arguments: StoreKind.allCases) func anExpiredAccessTokenIsRefusedInTheWordsTheDeploymentToolsRefreshOn(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (_, login) = try await t.loggedInOperator()
        t.clock.advance(by: AdminLimits.accessLifetime + 1)
        let expired = await t.admin(.get, "auth/profile", bearer: login.accessToken)
        #expect(expired.status == 401 && expired.errorMessage == "invalid session: access token expired")
        let access = try await t.admin(.post, "auth/session", bearer: login.refreshToken).decoded(AdminRefresh.self).accessToken
        #expect(await t.admin(.get, "auth/profile", bearer: access).status == 200)
    }

    @Test(arguments: StoreKind.allCases) func wrongPasswordsAreUnauthorizedLikeUnknownOperatorsAndLimitedPerHour(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        try await t.operators.create(email: "ops@example.com", password: "long-secret-1")
        let unknown = await t.admin(.post, "auth/providers/local-userpass/login", json: ["username": "nobody@example.com", "password": "long-secret-1"])
        #expect(unknown.status == 401 && unknown.errorMessage == "unauthorized")
        for _ in 0..<AdminLimits.failuresPerAccountPerHour {
            let wrong = await t.admin(.post, "auth/providers/local-userpass/login", json: ["username": "ops@example.com", "password": "wrong-guess"])
            #expect(wrong.status == 401 && wrong.errorMessage == "unauthorized")
        }
        let limited = await t.admin(.post, "auth/providers/local-userpass/login", json: ["username": "ops@example.com", "password": "long-secret-1"])
        #expect(limited.status == 429)
        t.clock.advance(by: 3601)
        #expect(await t.admin(.post, "auth/providers/local-userpass/login", json: ["username": "ops@example.com", "password": "long-secret-1"]).status == 200)
        let missing = await t.admin(.post, "auth/providers/local-userpass/login", json: ["username": "ops@example.com"])
        #expect(missing.status == 400 && missing.errorMessage?.contains("password") == true)
    }

    @Test(arguments: StoreKind.allCases) func theDeploymentToolsLogInWithAnOperatorAPIKey(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let made = try await t.operators.create(email: "ops@example.com", password: "long-secret-1")
        let key = try await t.operators.createAPIKey(email: "ops@example.com")
        let login = await t.admin(.post, "auth/providers/mongodb-cloud/login", json: ["username": .string(key.publicKey), "apiKey": .string(key.privateKey)])
        #expect(login.status == 200)
        #expect(try login.decoded(AdminLogin.self).userId == made.id)
        let wrong = await t.admin(.post, "auth/providers/mongodb-cloud/login", json: ["username": .string(key.publicKey), "apiKey": "0123"])
        #expect(wrong.status == 401)
        // Removing the operator ends their keys and sessions.
        let session = try login.decoded(AdminLogin.self)
        try await t.operators.remove(email: "ops@example.com")
        #expect(await t.admin(.get, "auth/profile", bearer: session.accessToken).status == 401)
        #expect(await t.admin(.post, "auth/providers/mongodb-cloud/login", json: ["username": .string(key.publicKey), "apiKey": .string(key.privateKey)]).status == 401)
    }

    @Test(arguments: StoreKind.allCases) func clientTokensAndAdminTokensAreNeverTakenForEachOther(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind, apps: [TestConfig.app()])
        let (made, login) = try await t.loggedInOperator()
        let client = try await t.call(.post, Route.login(appId: TestConfig.app().appId, provider: .anonymous), json: [:]).decoded(LoginResponse.self)
        for token in [client.accessToken, client.refreshToken] {
            #expect(await t.admin(.get, "auth/profile", bearer: token).status == 401)
            #expect(await t.admin(.get, "groups/\(made.groupId)/apps", bearer: token).status == 401)
        }
        #expect(await t.call(.get, Route.profile, bearer: login.accessToken).status == 401)
        #expect(await t.call(.post, Route.session, bearer: login.refreshToken).status == 401)
        let none = await t.admin(.get, "groups/\(made.groupId)/apps")
        #expect(none.status == 401 && none.errorCode == "InvalidSession" && none.errorMessage == "must authenticate first")
    }

    @Test(arguments: StoreKind.allCases) func operatorsAreMadeListedAndRemovedByEmail(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        try await t.operators.create(email: "Ops@Example.com", password: "long-secret-1")
        await #expect(throws: OperatorError.emailInUse("ops@example.com")) { try await t.operators.create(email: "ops@example.com", password: "long-secret-2") }
        await #expect(throws: OperatorError.passwordLength) { try await t.operators.create(email: "two@example.com", password: "short") }
        await #expect(throws: OperatorError.invalidEmail("not-an-email")) { try await t.operators.create(email: "not-an-email", password: "long-secret-2") }
        #expect(try await t.operators.list().map(\.email) == ["ops@example.com"])
        try await t.operators.remove(email: "ops@example.com")
        #expect(try await t.operators.list().isEmpty)
        await #expect(throws: OperatorError.notFound("ops@example.com")) { try await t.operators.remove(email: "ops@example.com") }
    }
}
