import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// An app's users through the Admin API's `users` routes: made, listed, read and deleted,
/// logged out everywhere, disabled and enabled, and a client access token checked; each change
/// in the audit trail with the operator, another group's app not found.
@Suite struct AdminUserTests {
    struct Setup {
        let t: AdminTestServer
        let groupId: String
        let bearer: String
        let app: HostedApp
        var users: String { "groups/\(groupId)/apps/\(app.id)/users" }
    }

    func setUp(_ kind: StoreKind) async throws -> Setup {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.edit(try await t.apps.create(name: "kiosk", product: nil, in: made.groupId).id, in: made.groupId) { model in
            model.providers = [AppProvider(kind: .emailPassword, settings: .emailPassword(AppEmailPasswordSettings(autoConfirm: true)))]
        }
        return Setup(t: t, groupId: made.groupId, bearer: login.accessToken, app: app)
    }

    func logIn(_ s: Setup, _ email: String = "ann@example.com", _ password: String = "pa55word!") async -> WireResponse {
        await s.t.call(.post, Route.login(appId: s.app.clientAppId, provider: .emailPassword), json: ["username": .string(email), "password": .string(password)])
    }

    @Test(arguments: StoreKind.allCases) func aUserMadeThroughTheAdminAPIIsListedLogsInAndIsDeleted(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        let made = await s.t.admin(.post, s.users, json: ["email": "Ann@example.com", "password": "pa55word!"], bearer: s.bearer)
        #expect(made.status == 201, "\(String(decoding: made.body, as: UTF8.self))")
        let id = try #require(made.json?["_id"]?.stringValue)
        #expect(made.json?["data"]?["email"] == "ann@example.com" && made.json?["disabled"] == false && made.json?["type"] == "normal")
        #expect(made.json?["identities"]?.arrayValue?.first?["provider_type"] == "local-userpass")
        #expect(made.json?["creation_date"]?.numberValue == s.t.clock.now.timeIntervalSince1970.rounded(.down))
        #expect(await s.t.admin(.get, s.users, bearer: s.bearer).json?.arrayValue?.compactMap { $0["_id"]?.stringValue } == [id])
        #expect(await s.t.admin(.get, "\(s.users)/\(id)", bearer: s.bearer).json?["_id"]?.stringValue == id)
        #expect(await logIn(s).status == 200)
        // The same email again, or a bad one, makes nothing.
        let again = await s.t.admin(.post, s.users, json: ["email": "ann@example.com", "password": "pa55word!"], bearer: s.bearer)
        #expect(again.status == 409 && again.errorCode == "AccountNameInUse")
        let bad = await s.t.admin(.post, s.users, json: ["email": "not-an-email", "password": "pa55word!"], bearer: s.bearer)
        #expect(bad.status == 400 && bad.errorMessage?.contains("'email'") == true)
        #expect(await s.t.admin(.get, s.users, bearer: s.bearer).json?.arrayValue?.count == 1)

        #expect(await s.t.admin(.delete, "\(s.users)/\(id)", bearer: s.bearer).status == 204)
        let gone = await s.t.admin(.get, "\(s.users)/\(id)", bearer: s.bearer)
        #expect(gone.status == 404 && gone.errorCode == "UserNotFound")
        #expect(await s.t.admin(.delete, "\(s.users)/\(id)", bearer: s.bearer).status == 404)
        #expect(await logIn(s).status == 401)
        let entries = try await s.t.server.services.hosting.store.auditEntries(appId: s.app.clientAppId, AuditQuery()).filter { $0.event == .admin }
        #expect(Set(entries.map(\.detail)) == ["user \(id) created by operator ops@example.com", "user \(id) deleted by operator ops@example.com"])
    }

    /// Without an admin token the shared `AdminCallerMiddleware` answers 401 before any users
    /// route runs. Another group's operator, in a group of their own, passes it: what keeps them
    /// out is each users route looking the app up in the caller's group. Every route is tried,
    /// and Ann, her session and the app's users are seen unchanged after.
    @Test(arguments: StoreKind.allCases) func withoutAnAdminTokenOrInAnotherGroupTheUsersAreNotReached(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        let id = try await s.t.server.admin.createEmailUser(appId: s.app.clientAppId, email: "ann@example.com", password: "pa55word!")
        #expect(await s.t.admin(.get, s.users).status == 401)
        #expect(await s.t.admin(.delete, "\(s.users)/\(id)").status == 401)
        #expect(await s.t.admin(.put, "\(s.users)/\(id)/disable").status == 401)

        let ann = try WireCoding.decode(LoginResponse.self, from: await logIn(s).body)
        let (bob, bobLogin) = try await s.t.loggedInOperator("bob@example.com")
        let bobs = "groups/\(bob.groupId)/apps/\(s.app.id)/users"
        let tries: [(WireMethod, String, JSONValue?)] = [
            (.get, bobs, nil), (.get, "\(bobs)/\(id)", nil), (.post, bobs, ["email": "eve@example.com", "password": "pa55word!"]),
            (.post, "\(bobs)/verify_token", ["token": .string(ann.accessToken)]), (.put, "\(bobs)/\(id)/logout", nil),
            (.put, "\(bobs)/\(id)/disable", nil), (.put, "\(bobs)/\(id)/enable", nil), (.delete, "\(bobs)/\(id)", nil),
        ]
        for (method, path, json) in tries {
            let refused = await s.t.admin(method, path, json: json, bearer: bobLogin.accessToken)
            #expect(refused.status == 404 && refused.errorCode == "AppNotFound", "\(method) \(path): \(refused.status)")
        }
        // Nothing of the app changed: Ann is its one user, her session is live, she logs in.
        let listed = await s.t.admin(.get, s.users, bearer: s.bearer).json?.arrayValue?.compactMap { $0["_id"]?.stringValue }
        #expect(listed == [id])
        #expect(await s.t.call(.get, Route.profile, bearer: ann.accessToken).status == 200)
        #expect(await logIn(s).status == 200)
        let audit = try await s.t.server.services.hosting.store.auditEntries(appId: s.app.clientAppId, AuditQuery())
        #expect(!audit.contains { $0.detail?.contains("bob@example.com") == true }, "\(audit.map(\.detail))")
        #expect(await s.t.admin(.get, "\(s.users)/\(String(repeating: "a", count: 24))", bearer: s.bearer).status == 404)
    }

    @Test(arguments: StoreKind.allCases) func usersAreListedFiftyAtATimeInTheOrderOfTheirIds(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        try await s.t.server.admin.addGeneratedUsers(appId: s.app.clientAppId, first: 0, count: 51, password: "pa55word!")
        let first = try #require(await s.t.admin(.get, s.users, bearer: s.bearer).json?.arrayValue).compactMap { $0["_id"]?.stringValue }
        #expect(first.count == 50 && first == first.sorted())
        let rest = await s.t.admin(.get, s.users, bearer: s.bearer, query: ["after": first.last ?? ""]).json?.arrayValue
        #expect(rest?.count == 1 && rest?.first?["_id"]?.stringValue.map { !first.contains($0) } == true)
        let bad = await s.t.admin(.get, s.users, bearer: s.bearer, query: ["after": "nope"])
        #expect(bad.status == 400 && bad.errorMessage?.contains("'after'") == true)
    }

    @Test(arguments: StoreKind.allCases) func logOutEndsEverySessionAndADisabledUserCannotLogInUntilEnabled(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        let id = try await s.t.server.admin.createEmailUser(appId: s.app.clientAppId, email: "ann@example.com", password: "pa55word!")
        let login = try WireCoding.decode(LoginResponse.self, from: await logIn(s).body)
        #expect(await s.t.call(.post, Route.session, bearer: login.refreshToken).status == 200)
        #expect(await s.t.admin(.put, "\(s.users)/\(id)/logout", bearer: s.bearer).status == 204)
        #expect(await s.t.call(.post, Route.session, bearer: login.refreshToken).status == 401)

        let second = try WireCoding.decode(LoginResponse.self, from: await logIn(s).body)
        #expect(await s.t.admin(.put, "\(s.users)/\(id)/disable", bearer: s.bearer).status == 204)
        #expect(await s.t.admin(.get, "\(s.users)/\(id)", bearer: s.bearer).json?["disabled"] == true)
        #expect(await logIn(s).status == 401)
        #expect(await s.t.call(.post, Route.session, bearer: second.refreshToken).status == 401)
        #expect(await s.t.admin(.put, "\(s.users)/\(id)/enable", bearer: s.bearer).status == 204)
        #expect(await s.t.admin(.get, "\(s.users)/\(id)", bearer: s.bearer).json?["disabled"] == false)
        #expect(await logIn(s).status == 200)
        let missing = await s.t.admin(.put, "\(s.users)/\(String(repeating: "b", count: 24))/logout", bearer: s.bearer)
        #expect(missing.status == 404 && missing.errorCode == "UserNotFound")
        let entries = try await s.t.server.services.hosting.store.auditEntries(appId: s.app.clientAppId, AuditQuery()).filter { $0.event == .admin }
        #expect(Set(entries.map(\.detail)) == Set(["logged out", "disabled", "enabled"].map { "user \(id) \($0) by operator ops@example.com" }))
    }

    @Test(arguments: StoreKind.allCases) func verifyTokenAnswersTheClaimsOfThisAppsAccessTokensOnly(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        let id = try await s.t.server.admin.createEmailUser(appId: s.app.clientAppId, email: "ann@example.com", password: "pa55word!")
        let login = try WireCoding.decode(LoginResponse.self, from: await logIn(s).body)
        let verified = await s.t.admin(.post, "\(s.users)/verify_token", json: ["token": .string(login.accessToken)], bearer: s.bearer)
        #expect(verified.status == 200 && verified.json?["sub"]?.stringValue == id && verified.json?["typ"] == "access")
        let garbage = await s.t.admin(.post, "\(s.users)/verify_token", json: ["token": "not-a-token"], bearer: s.bearer)
        #expect(garbage.status == 400 && garbage.errorMessage?.contains("'token'") == true)
        let refresh = await s.t.admin(.post, "\(s.users)/verify_token", json: ["token": .string(login.refreshToken)], bearer: s.bearer)
        #expect(refresh.status == 401 && refresh.errorCode == "InvalidSession")
        // Another app's token is not this app's.
        let other = try await s.t.apps.create(name: "other", product: nil, in: s.groupId)
        let elsewhere = await s.t.admin(.post, "groups/\(s.groupId)/apps/\(other.id)/users/verify_token", json: ["token": .string(login.accessToken)], bearer: s.bearer)
        #expect(elsewhere.status == 401)
        #expect(await s.t.admin(.post, "\(s.users)/verify_token", json: ["token": .string(login.accessToken)]).status == 401)
        s.t.clock.advance(by: 3600)
        #expect(await s.t.admin(.post, "\(s.users)/verify_token", json: ["token": .string(login.accessToken)], bearer: s.bearer).status == 401)
    }

    @Test(arguments: StoreKind.allCases) func aUserDeletedThroughTheAdminAPIRunsTheAppsDeleteTriggers(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        let app = "groups/\(s.groupId)/apps/\(s.app.id)"
        func post(_ path: String, _ body: JSONValue) async throws -> JSONValue {
            let answer = await s.t.admin(.post, "\(app)/\(path)", json: body, bearer: s.bearer)
            guard answer.status == 201 else { throw TestServer.Unexpected(response: answer) }
            return try JSONValue(parsing: answer.body)
        }
        _ = try await post("services", ["name": "mongodb-atlas", "type": "mongodb-atlas"])
        _ = try await post("functions", ["name": "logEvent", "private": true, "source": .string(TriggerTests.logEvent)])
        _ = try await post(
            "triggers",
            ["name": "onDeleted", "type": "AUTHENTICATION", "function_name": "logEvent", "config": ["operation_type": "DELETE", "providers": ["local-userpass"]]])
        let id = try #require(try await post("users", ["email": "ann@example.com", "password": "pa55word!"])["_id"]?.stringValue)
        #expect(await s.t.admin(.delete, "\(s.users)/\(id)", bearer: s.bearer).status == 204)
        let events = try await AdminTriggerLiveTests.logged(s.t, app: s.app.clientAppId, count: 1)
        #expect(events.compactMap { $0["user"]?["id"]?.stringValue } == [id] && events.first?["operationType"] == "DELETE")
    }
}
