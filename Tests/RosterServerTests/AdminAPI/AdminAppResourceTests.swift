import Foundation
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// The resources under an app change the app the database holds, through the Admin API, and
/// take effect at once on the client API; each change is in the audit trail with the operator.
@Suite struct AdminAppResourceTests {
    @Test(arguments: StoreKind.allCases) func aProviderAddedThroughTheAdminAPIServesLogInsAtOnce(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.create(name: "kiosk", product: nil, in: made.groupId)
        let anonymous = Route.login(appId: app.clientAppId, provider: .anonymous)
        #expect(await t.call(.post, anonymous, json: [:]).status == 404)
        let added = await t.admin(
            .post, "groups/\(made.groupId)/apps/\(app.id)/auth_providers", json: ["name": "anon-user", "type": "anon-user"], bearer: login.accessToken)
        #expect(added.status == 201, "\(String(decoding: added.body, as: UTF8.self))")
        #expect(await t.call(.post, anonymous, json: [:]).status == 200)
        #expect(try await t.apps.app(app.id, in: made.groupId).version == 2)
        // Without an admin token, or in another group, nothing changes.
        #expect(await t.admin(.get, "groups/\(made.groupId)/apps/\(app.id)/auth_providers").status == 401)
        let entries = try await t.server.services.hosting.store.auditEntries(appId: app.clientAppId, AuditQuery()).filter { $0.event == .admin }
        #expect(entries.map(\.detail) == ["create auth provider 'anon-user' by operator ops@example.com"] && entries.first?.userId == made.id)
    }
}
