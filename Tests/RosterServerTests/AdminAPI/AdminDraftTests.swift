import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// An app's drafts through the Admin API, as realm-core's harness (`create_schema` with a draft)
/// and realm-cli's `push` use them: changes made while a draft is open are held in it, served
/// only once it is deployed (here and on another server over the database), dropped when it is
/// discarded; its diff names them; each step in the audit trail with the operator.
@Suite struct AdminDraftTests {
    @Test(arguments: StoreKind.allCases) func changesMadeUnderADraftAreServedOnlyOnceItIsDeployed(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.create(name: "kiosk", product: nil, in: made.groupId)
        let base = "groups/\(made.groupId)/apps/\(app.id)"
        let anonymous = Route.login(appId: app.clientAppId, provider: .anonymous)

        let created = await t.admin(.post, "\(base)/drafts", json: [:], bearer: login.accessToken)
        #expect(created.status == 201, "\(String(decoding: created.body, as: UTF8.self))")
        let draftId = try #require(created.json?["_id"]?.stringValue)
        #expect(created.json?["user_id"]?.stringValue == made.id && created.json?["app"]?["_id"]?.stringValue == app.id)
        let again = await t.admin(.post, "\(base)/drafts", json: [:], bearer: login.accessToken)
        #expect(again.status == 409 && again.errorCode == "DraftAlreadyExists")
        #expect(await t.admin(.get, "\(base)/drafts", bearer: login.accessToken).json?.arrayValue?.compactMap { $0["_id"]?.stringValue } == [draftId])

        // Held in the draft: the Admin API shows it, the client API does not serve it yet.
        let added = await t.admin(.post, "\(base)/auth_providers", json: ["name": "anon-user", "type": "anon-user"], bearer: login.accessToken)
        #expect(added.status == 201)
        #expect(await t.admin(.get, "\(base)/auth_providers", bearer: login.accessToken).json?.arrayValue?.contains { $0["type"] == "anon-user" } == true)
        #expect(await t.call(.post, anonymous, json: [:]).status == 404)
        let diff = await t.admin(.get, "\(base)/drafts/\(draftId)/diff", bearer: login.accessToken)
        #expect(diff.json?["diffs"]?.arrayValue?.compactMap(\.stringValue).contains { $0.hasPrefix("~ providers") || $0.hasPrefix("+ providers") } == true, "\(diff.json ?? nil)")

        let deployed = await t.admin(.post, "\(base)/drafts/\(draftId)/deployment", json: [:], bearer: login.accessToken)
        #expect(deployed.status == 201 && deployed.json?["status"] == "successful" && deployed.json?["draft_id"]?.stringValue == draftId)
        let deploymentId = try #require(deployed.json?["_id"]?.stringValue)
        #expect(await t.call(.post, anonymous, json: [:]).status == 200)
        #expect(await t.admin(.get, "\(base)/deployments/\(deploymentId)", bearer: login.accessToken).json?["status"] == "successful")
        #expect(await t.admin(.get, "\(base)/drafts", bearer: login.accessToken).json?.arrayValue?.isEmpty == true)
        let other = try await t.another()
        #expect(await other.call(.post, anonymous, json: [:]).status == 200)

        // A discarded draft's changes are gone; unknown or malformed ids are refused.
        let second = try #require(await t.admin(.post, "\(base)/drafts", bearer: login.accessToken).json?["_id"]?.stringValue)
        #expect(await t.admin(.put, "\(base)/environment", json: ["environment": "production"], bearer: login.accessToken).status == 204)
        #expect(await t.admin(.get, "\(base)/environment", bearer: login.accessToken).json?["environment"] == "production")
        #expect(await t.admin(.delete, "\(base)/drafts/\(second)", bearer: login.accessToken).status == 204)
        #expect(await t.admin(.get, "\(base)/environment", bearer: login.accessToken).json?["environment"] == "")
        let unknown = await t.admin(.post, "\(base)/drafts/\(second)/deployment", bearer: login.accessToken)
        #expect(unknown.status == 404 && unknown.errorCode == "DraftNotFound")
        let malformed = await t.admin(.delete, "\(base)/drafts/not-an-id", bearer: login.accessToken)
        #expect(malformed.status == 400 && malformed.errorCode == "InvalidParameter")
        #expect(await t.admin(.get, "\(base)/deployments/\(second)", bearer: login.accessToken).errorCode == "DeploymentNotFound")
        #expect(await t.admin(.post, "\(base)/drafts").status == 401)

        let lines = try await t.server.services.hosting.store.auditEntries(appId: app.clientAppId, AuditQuery()).filter { $0.event == .admin }.compactMap(\.detail)
        #expect(lines.contains("draft \(draftId) deployed as \(deploymentId) by operator ops@example.com"))
        #expect(lines.contains("draft \(second) discarded by operator ops@example.com"))
    }

    /// realm-core's harness's feature flags and app settings on the private API: kept per app,
    /// read back as set on any server over the database; a settings patch merges key by key.
    @Test(arguments: StoreKind.allCases) func featureFlagsAndAppSettingsAreKeptAsTheHarnessSetsThem(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.create(name: "kiosk", product: nil, in: made.groupId)
        let base = "\(AdminAPIVersion.privatePath)/groups/\(made.groupId)/apps/\(app.id)"
        let bearer = login.accessToken
        #expect(AdminAPIVersion.serves(base) && !AdminAPIVersion.serves(Route.location(appId: app.clientAppId)), "--admin-listen serves the private API too")

        #expect(await t.call(.get, "\(base)/features", bearer: bearer).json?["enabled"] == [])
        let enabled = await t.call(.post, "\(base)/features", json: ["action": "enable", "feature_flags": ["allow_permissions_bootstrap"]], bearer: bearer)
        #expect(enabled.status == 204 && enabled.body.isEmpty)
        let other = try await t.another()
        #expect(await other.call(.get, "\(base)/features", bearer: bearer).json?["enabled"] == ["allow_permissions_bootstrap"])
        #expect(await t.call(.post, "\(base)/features", json: ["action": "disable", "feature_flags": ["allow_permissions_bootstrap"]], bearer: bearer).status == 204)
        #expect(await t.call(.get, "\(base)/features", bearer: bearer).json?["enabled"] == [])
        let badAction = await t.call(.post, "\(base)/features", json: ["action": "toggle", "feature_flags": []], bearer: bearer)
        #expect(badAction.status == 400 && badAction.errorMessage?.contains("'action'") == true)
        #expect(await t.call(.post, "\(base)/features", json: ["action": "enable", "feature_flags": ["no spaces"]], bearer: bearer).status == 400)

        #expect(await t.call(.get, "\(base)/settings", bearer: bearer).json == [:])
        #expect(await t.call(.patch, "\(base)/settings", json: ["sync": ["num_objects_before_bootstrap_flush": 5]], bearer: bearer).status == 204)
        #expect(await t.call(.patch, "\(base)/settings", json: ["sync": ["max_bootstrap_bytes": 1024]], bearer: bearer).status == 204)
        #expect(await t.call(.get, "\(base)/settings", bearer: bearer).json == ["sync": ["num_objects_before_bootstrap_flush": 5, "max_bootstrap_bytes": 1024]])
        #expect(await t.call(.patch, "\(base)/settings", json: ["sync", 1], bearer: bearer).status == 400)

        let reset = await t.call(.put, "\(base)/sync/force_reset", json: ["file_ident": 3], bearer: bearer)
        #expect(reset.status == 404 && reset.errorCode == "ServiceNotFound")
        #expect(await t.call(.get, "\(base)/features").status == 401)
        let lines = try await t.server.services.hosting.store.auditEntries(appId: app.clientAppId, AuditQuery()).filter { $0.event == .admin }.compactMap(\.detail)
        #expect(lines.contains("feature flags enabled: allow_permissions_bootstrap by operator ops@example.com"))
    }
}
