import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// An app's log through the Admin API's `logs` route, as realm-cli's `logs list` and realm-core's
/// harness (`get_errors`) read it: the app's clients' log-ins from the audit trail, newest first,
/// filtered by type, errors, user and dates, and read page by page with `nextEndDate` and
/// `nextSkip`; the operators' own changes are not in it.
@Suite struct AdminLogTests {
    struct Setup {
        let t: AdminTestServer
        let groupId: String
        let bearer: String
        let app: HostedApp
        var logs: String { "groups/\(groupId)/apps/\(app.id)/logs" }
    }

    func setUp(_ kind: StoreKind) async throws -> Setup {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.edit(try await t.apps.create(name: "kiosk", product: nil, in: made.groupId).id, in: made.groupId) { model in
            model.providers = [AppProvider(kind: .emailPassword, settings: .emailPassword(AppEmailPasswordSettings(autoConfirm: true)))]
        }
        return Setup(t: t, groupId: made.groupId, bearer: login.accessToken, app: app)
    }

    func logIn(_ s: Setup, _ password: String) async -> WireResponse {
        await s.t.call(.post, Route.login(appId: s.app.clientAppId, provider: .emailPassword), json: ["username": "ann@example.com", "password": .string(password)])
    }

    func entries(_ response: WireResponse) -> [JSONValue] { response.json?["logs"]?.arrayValue ?? [] }

    @Test(arguments: StoreKind.allCases) func theLogShowsTheClientsLogInsNewestFirstAndItsErrorsAlone(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        let made = await s.t.admin(.post, "groups/\(s.groupId)/apps/\(s.app.id)/users", json: ["email": "ann@example.com", "password": "pa55word!"], bearer: s.bearer)
        let userId = try #require(made.json?["_id"]?.stringValue)
        #expect(await logIn(s, "pa55word!").status == 200)
        s.t.clock.advance(by: 1)
        #expect(await logIn(s, "wrong-one").status == 401)

        let all = await s.t.admin(.get, s.logs, bearer: s.bearer)
        #expect(all.status == 200 && all.json?["nextEndDate"] == nil)
        let logs = entries(all)
        #expect(logs.count == 2, "the operator's own change is not in the app's log: \(logs)")
        #expect(logs.first?["type"] == "AUTH" && logs.first?["error"] == "unauthorized" && logs.first?["error_code"] == "InvalidPassword")
        #expect(logs.first?["auth_event"] == ["failed": true, "type": "login", "provider": "local-userpass"])
        #expect(logs.first?["started"]?.stringValue == AppLogInstant(s.t.clock.now).text && logs.first?["app_id"]?.stringValue == s.app.id)
        #expect(logs.last?["user_id"]?.stringValue == userId && logs.last?["error"] == nil && logs.last?["auth_event"]?["failed"] == false)

        // realm-core's get_errors: `errors_only=true`, each entry's `error`.
        let errors = entries(await s.t.admin(.get, s.logs, bearer: s.bearer, query: ["errors_only": "true"]))
        #expect(errors.count == 1 && errors.compactMap { $0["error"]?.stringValue } == ["unauthorized"])
        #expect(entries(await s.t.admin(.get, s.logs, bearer: s.bearer, query: ["user_id": userId])).count == 1)
        #expect(entries(await s.t.admin(.get, s.logs, bearer: s.bearer, query: ["type": "FUNCTION,API_KEY"])).isEmpty)
        #expect(entries(await s.t.admin(.get, s.logs, bearer: s.bearer, query: ["type": "AUTH,API_KEY"])).count == 2)
        let before = AppLogInstant(s.t.clock.now.addingTimeInterval(-1)).text
        #expect(entries(await s.t.admin(.get, s.logs, bearer: s.bearer, query: ["end_date": before])).count == 1)
        #expect(entries(await s.t.admin(.get, s.logs, bearer: s.bearer, query: ["start_date": before])).count == 1, "start_date is exclusive")

        // Bad parameters are refused naming them; another group's app is not found.
        for (name, value) in [("type", "BOGUS"), ("limit", "0"), ("limit", "101"), ("skip", "10001"), ("end_date", "yesterday")] {
            let refused = await s.t.admin(.get, s.logs, bearer: s.bearer, query: [name: value])
            #expect(refused.status == 400 && refused.errorCode == "InvalidParameter" && refused.errorMessage?.contains("'\(name)'") == true)
        }
        #expect(await s.t.admin(.get, s.logs).status == 401)
        let (bob, bobLogin) = try await s.t.loggedInOperator("bob@example.com")
        let hidden = await s.t.admin(.get, "groups/\(bob.groupId)/apps/\(s.app.id)/logs", bearer: bobLogin.accessToken)
        #expect(hidden.status == 404 && hidden.errorCode == "AppNotFound")
    }

    /// Entries sharing an instant across a page's end are neither lost nor shown twice, whether
    /// the store keeps milliseconds (SQLite) or microseconds (PostgreSQL).
    @Test(arguments: StoreKind.allCases) func aLongLogIsReadPageByPageWithNextEndDateAndNextSkip(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        let store = s.t.server.services.hosting.store
        let start = s.t.clock.now
        let offsets: [TimeInterval] = [0, 0, 0, 0.000_250, 0.000_250, 0.001, 0.001, 0.001, 0.001, 2.5]
        for (index, offset) in offsets.enumerated() {
            try await store.appendAudit(
                AuditEntry(at: start.addingTimeInterval(offset), appId: s.app.clientAppId, event: .loginFailed, provider: "local-userpass", detail: "u\(index)@example.com"))
        }
        s.t.clock.advance(by: 3)
        var seen: [String] = []
        var query = ["limit": "3"]
        for _ in 0..<10 {
            let page = await s.t.admin(.get, s.logs, bearer: s.bearer, query: query)
            #expect(page.status == 200)
            seen += entries(page).compactMap { $0["messages"]?.arrayValue?.last?.stringValue }
            guard let end = page.json?["nextEndDate"]?.stringValue, let skip = page.json?["nextSkip"]?.numberValue else { break }
            query = ["limit": "3", "end_date": end, "skip": "\(Int(skip))"]
        }
        #expect(seen.count == offsets.count && Set(seen).count == offsets.count, "\(seen)")
        #expect(seen.first == "u9@example.com" && seen.suffix(3).allSatisfy { ["u0@example.com", "u1@example.com", "u2@example.com"].contains($0) })
    }
}
