import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// An app's registrations not yet confirmed through the Admin API's `user_registrations`
/// routes: listed, confirmed by email (the person then logs in as one confirmed by token),
/// deleted with the tokens sent to them, sent a new confirmation, put through the confirmation
/// function again; each change in the audit trail with the operator, another group's app not
/// found.
@Suite struct AdminPendingUserTests {
    struct Setup {
        let t: AdminTestServer
        let groupId: String
        let bearer: String
        let app: HostedApp
        var base: String { "groups/\(groupId)/apps/\(app.id)" }
        var pending: String { "\(base)/user_registrations/pending_users" }
        func byEmail(_ email: String) -> String { "\(base)/user_registrations/by_email/\(email)" }
    }

    /// An app whose email/password users confirm by a token sent to the outbox.
    func setUp(_ kind: StoreKind) async throws -> Setup {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.edit(try await t.apps.create(name: "kiosk", product: nil, in: made.groupId).id, in: made.groupId) { model in
            model.providers = [AppProvider(kind: .emailPassword, settings: .emailPassword(AppEmailPasswordSettings(autoConfirm: false)))]
        }
        return Setup(t: t, groupId: made.groupId, bearer: login.accessToken, app: app)
    }

    func register(_ s: Setup, _ email: String) async -> WireResponse {
        await s.t.call(
            .post, Route.emailPassword(appId: s.app.clientAppId, .register), json: ["email": .string(email), "password": "pa55word!"])
    }

    func logIn(_ s: Setup, _ email: String) async -> WireResponse {
        await s.t.call(.post, Route.login(appId: s.app.clientAppId, provider: .emailPassword), json: ["username": .string(email), "password": "pa55word!"])
    }

    /// The confirmation messages in the outbox, oldest first.
    func confirmations(_ s: Setup, to email: String) throws -> [OutboxMessage] {
        let root = s.t.directory.appendingPathComponent("outbox")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return try files.filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
            .map { try decoder.decode(OutboxMessage.self, from: Data(contentsOf: $0)) }
            .filter { $0.kind == .confirm && $0.to == email }
    }

    /// The audit lines of the Admin API's changes to pending users.
    func adminEntries(_ s: Setup) async throws -> Set<String> {
        Set(try await s.t.server.services.hosting.store.auditEntries(appId: s.app.clientAppId, AuditQuery()).filter { $0.event == .admin }.compactMap(\.detail).filter { $0.contains("pending user") })
    }

    @Test(arguments: StoreKind.allCases) func aPendingUserConfirmedByEmailLogsInAsOneConfirmedByToken(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        #expect(await register(s, "ann@example.com").status == 201)
        #expect(await register(s, "bob@example.com").status == 201)
        let listed = try #require(await s.t.admin(.get, s.pending, bearer: s.bearer).json?.arrayValue)
        #expect(listed.compactMap { $0["login_ids"]?.arrayValue?.first?["id"]?.stringValue }.sorted() == ["ann@example.com", "bob@example.com"])
        #expect(listed.allSatisfy { $0["user_id"] == "" && $0["domain_id"]?.stringValue == s.app.id && $0["login_ids"]?.arrayValue?.first?["id_type"] == "email" })
        #expect(await logIn(s, "ann@example.com").errorCode == "AuthError")

        // A path is decoded once: `%2540` names the address `ann%40example.com`, which is none.
        #expect(await s.t.admin(.post, "\(s.byEmail("ann%2540example.com"))/confirm", bearer: s.bearer).status == 400)
        // Ann by the Admin API (the email in any case, percent-encoded or not), Bob by his token.
        #expect(await s.t.admin(.post, "\(s.byEmail("Ann%40example.com"))/confirm", bearer: s.bearer).status == 204)
        let message = try #require(try confirmations(s, to: "bob@example.com").first)
        let byToken = await s.t.call(
            .post, Route.emailPassword(appId: s.app.clientAppId, .confirm), json: ["token": .string(message.token), "tokenId": .string(message.tokenId)])
        #expect(byToken.status == 204)
        #expect(await s.t.admin(.get, s.pending, bearer: s.bearer).json?.arrayValue?.isEmpty == true)

        let ann = try WireCoding.decode(LoginResponse.self, from: await logIn(s, "ann@example.com").body)
        let bob = try WireCoding.decode(LoginResponse.self, from: await logIn(s, "bob@example.com").body)
        func described(_ id: String) async throws -> JSONValue {
            let user = try #require(await s.t.admin(.get, "\(s.base)/users/\(id)", bearer: s.bearer).json)
            return JSONValue.object([
                "providers": .array(user["identities"]?.arrayValue?.compactMap { $0["provider_type"] } ?? []),
                "disabled": user["disabled"] ?? .null, "type": user["type"] ?? .null,
            ])
        }
        #expect(try await described(ann.userId) == described(bob.userId))
        #expect(await s.t.admin(.get, "\(s.base)/users/\(ann.userId)", bearer: s.bearer).json?["data"]?["email"] == "ann@example.com")

        let twice = await s.t.admin(.post, "\(s.byEmail("ann@example.com"))/confirm", bearer: s.bearer)
        #expect(twice.status == 400 && twice.errorCode == "UserAlreadyConfirmed")
        let nobody = await s.t.admin(.post, "\(s.byEmail("cy@example.com"))/confirm", bearer: s.bearer)
        #expect(nobody.status == 404 && nobody.errorCode == "UserNotFound")
        let bad = await s.t.admin(.post, "\(s.byEmail("not-an-email"))/confirm", bearer: s.bearer)
        #expect(bad.status == 400 && bad.errorMessage?.contains("'email'") == true)
        #expect(try await adminEntries(s) == ["pending user ann@example.com confirmed by operator ops@example.com"])
    }

    @Test(arguments: StoreKind.allCases) func aDeletedPendingUserCanRegisterAgainAndItsTokenNoLongerConfirms(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        #expect(await register(s, "ann@example.com").status == 201)
        let message = try #require(try confirmations(s, to: "ann@example.com").first)
        #expect(await s.t.admin(.delete, s.byEmail("ann@example.com"), bearer: s.bearer).status == 204)
        #expect(await s.t.admin(.get, s.pending, bearer: s.bearer).json?.arrayValue?.isEmpty == true)
        #expect(await logIn(s, "ann@example.com").status == 401)
        // Registered again, the email is pending anew, and the token sent before no longer confirms.
        #expect(await register(s, "ann@example.com").status == 201)
        let stale = await s.t.call(
            .post, Route.emailPassword(appId: s.app.clientAppId, .confirm), json: ["token": .string(message.token), "tokenId": .string(message.tokenId)])
        #expect(stale.status == 400)
        #expect(await logIn(s, "ann@example.com").status == 401)
        let gone = await s.t.admin(.delete, s.byEmail("cy@example.com"), bearer: s.bearer)
        #expect(gone.status == 404 && gone.errorCode == "UserNotFound")

        // A confirmed user is no pending one: it stays and logs in.
        _ = try await s.t.server.admin.createEmailUser(appId: s.app.clientAppId, email: "bob@example.com", password: "pa55word!")
        let confirmed = await s.t.admin(.delete, s.byEmail("bob@example.com"), bearer: s.bearer)
        #expect(confirmed.status == 400 && confirmed.errorCode == "UserAlreadyConfirmed")
        #expect(await logIn(s, "bob@example.com").status == 200)
        #expect(try await adminEntries(s) == ["pending user ann@example.com deleted by operator ops@example.com"])
    }

    @Test(arguments: StoreKind.allCases) func sendConfirmSendsANewTokenAndRunConfirmRunsTheConfirmationFunction(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        #expect(await register(s, "ann@example.com").status == 201)
        #expect(await s.t.admin(.post, "\(s.byEmail("ann@example.com"))/send_confirm", bearer: s.bearer).status == 204)
        let messages = try confirmations(s, to: "ann@example.com")
        #expect(messages.count == 2)
        let unknown = await s.t.admin(.post, "\(s.byEmail("cy@example.com"))/send_confirm", bearer: s.bearer)
        #expect(unknown.status == 404 && unknown.errorCode == "UserNotFound")
        let noFunction = await s.t.admin(.post, "\(s.byEmail("ann@example.com"))/run_confirm", bearer: s.bearer)
        #expect(noFunction.errorCode == "FunctionNotFound")

        // The app now confirms by a function that accepts everyone: running it confirms Ann.
        let made = await s.t.admin(
            .post, "\(s.base)/functions", json: ["name": "confirmAll", "private": true, "source": "exports = () => ({ status: 'success' });"],
            bearer: s.bearer)
        #expect(made.status == 201)
        _ = try await s.t.apps.edit(s.app.id, in: s.groupId) { model in
            model.providers = [
                AppProvider(
                    kind: .emailPassword,
                    settings: .emailPassword(AppEmailPasswordSettings(runConfirmationFunction: true, confirmationFunctionName: "confirmAll")))
            ]
        }
        #expect(await logIn(s, "ann@example.com").status == 401)
        #expect(await s.t.admin(.post, "\(s.byEmail("ann@example.com"))/run_confirm", bearer: s.bearer).status == 202)
        #expect(await logIn(s, "ann@example.com").status == 200)
        let again = await s.t.admin(.post, "\(s.byEmail("ann@example.com"))/send_confirm", bearer: s.bearer)
        #expect(again.status == 400 && again.errorCode == "UserAlreadyConfirmed")
        #expect(
            try await adminEntries(s) == [
                "confirmation sent to pending user ann@example.com by operator ops@example.com",
                "confirmation function run for pending user ann@example.com by operator ops@example.com",
            ])
    }

    @Test(arguments: StoreKind.allCases) func pendingUsersAreListedFiftyAtATimeAndOnlyToTheAppsGroup(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        let store = s.t.server.services.admin.store
        for index in 0..<51 {
            let account = EmailAccountRecord(
                id: String(format: "%024x", index + 1), appId: s.app.clientAppId, email: "p\(index)@example.com", passwordHash: "x", confirmed: false,
                createdAt: s.t.clock.now)
            #expect(try await store.insertEmailAccount(account))
        }
        _ = try await s.t.server.admin.createEmailUser(appId: s.app.clientAppId, email: "confirmed@example.com", password: "pa55word!")
        let first = try #require(await s.t.admin(.get, s.pending, bearer: s.bearer).json?.arrayValue).compactMap { $0["_id"]?.stringValue }
        #expect(first.count == 50 && first == first.sorted())
        let rest = await s.t.admin(.get, s.pending, bearer: s.bearer, query: ["after": first.last ?? ""]).json?.arrayValue
        #expect(rest?.count == 1 && rest?.first?["_id"]?.stringValue.map { !first.contains($0) } == true)
        let bad = await s.t.admin(.get, s.pending, bearer: s.bearer, query: ["after": "nope"])
        #expect(bad.status == 400 && bad.errorMessage?.contains("'after'") == true)

        #expect(await s.t.admin(.get, s.pending).status == 401)
        #expect(await s.t.admin(.post, "\(s.byEmail("p0@example.com"))/confirm").status == 401)
        let (bob, bobLogin) = try await s.t.loggedInOperator("bob@example.com")
        let bobs = "groups/\(bob.groupId)/apps/\(s.app.id)/user_registrations"
        let hidden = await s.t.admin(.get, "\(bobs)/pending_users", bearer: bobLogin.accessToken)
        #expect(hidden.status == 404 && hidden.errorCode == "AppNotFound")
        #expect(await s.t.admin(.post, "\(bobs)/by_email/p0@example.com/confirm", bearer: bobLogin.accessToken).status == 404)
        #expect(await s.t.admin(.delete, "\(bobs)/by_email/p0@example.com", bearer: bobLogin.accessToken).status == 404)
        #expect(await s.t.admin(.get, s.pending, bearer: s.bearer).json?.arrayValue?.count == 50)
    }
}
