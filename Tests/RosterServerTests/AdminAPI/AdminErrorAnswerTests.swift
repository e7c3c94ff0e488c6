import Foundation
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// An Admin API refusal (`AdminResourceError`) thrown from any admin route reaches the client
/// with its own status, `error_code` and words: the router maps it once
/// (`ProtocolErrorMiddleware`, `ProtocolErrorAnswer`), no route catches it itself.
@Suite struct AdminErrorAnswerTests {
    @Test func aRefusalFromAnyAdminRouteKeepsItsCodeAndWords() async throws {
        let t = try await AdminTestServer.make(store: .sqlite)
        let (made, login) = try await t.loggedInOperator()
        let app = "groups/\(made.groupId)/apps/\(try await t.apps.create(name: "kiosk", product: nil, in: made.groupId).id)"
        // A users route, a resource route, an api_keys, a logs and a pending users route: each its own refusal.
        let page = await t.admin(.get, "\(app)/users", bearer: login.accessToken, query: ["after": "nope"])
        #expect(page.status == 400 && page.errorCode == "InvalidParameter" && page.errorMessage == "'after' is not an ObjectId")
        let function = await t.admin(.get, "\(app)/functions/nope", bearer: login.accessToken)
        #expect(function.status == 400 && function.errorCode == "InvalidParameter" && function.errorMessage == "'_id' is not an ObjectId")
        let user = await t.admin(.get, "\(app)/users/\(String(repeating: "a", count: 24))", bearer: login.accessToken)
        #expect(user.status == 404 && user.errorCode == "UserNotFound" && user.errorMessage == "user not found")
        let key = await t.admin(.post, "\(app)/api_keys", json: [:], bearer: login.accessToken)
        #expect(key.status == 400 && key.errorCode == "MissingParameter" && key.errorMessage == "'name' is required")
        #expect(key.headers["content-type"] == "application/json")
        let logs = await t.admin(.get, "\(app)/logs", bearer: login.accessToken, query: ["start_date": "yesterday"])
        #expect(logs.status == 400 && logs.errorCode == "InvalidParameter" && logs.errorMessage == "'start_date' is not an ISO 8601 date")
        let pending = await t.admin(.get, "\(app)/user_registrations/pending_users", bearer: login.accessToken, query: ["after": "nope"])
        #expect(pending.status == 400 && pending.errorCode == "InvalidParameter" && pending.errorMessage == "'after' is not an ObjectId")
    }
}
