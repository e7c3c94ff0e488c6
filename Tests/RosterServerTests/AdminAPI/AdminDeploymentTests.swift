import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// An app's deployments: every change of the app made without a draft is deployed at once and
/// listed, as App Services lists it, and any deployment kept can be served again (`redeploy`)
/// as it served the app, here and on every server over the database. realm-js's app importer
/// reuses one app this way (`reuseApp`): one value for a first deployment, then before each
/// import that deployment served again and the secrets deleted.
@Suite(.timeLimit(.minutes(3))) struct AdminDeploymentTests {
    /// AppImporter with `reuseApp: true` importing realm-web's test app twice into one app:
    /// `createOrReuseApp` (the app, `dummyValue`, exactly one deployment; then `redeploy` of it,
    /// the newest deployment listed, every secret deleted) around `configureApp`, which makes
    /// the same services, functions and secret by name again, so fails unless the app is back
    /// as its first deployment served it.
    @Test(arguments: StoreKind.allCases) func realmJsImporterReusesAnAppByRedeployingItsFirstDeployment(_ kind: StoreKind) async throws {
        let server = try await AdminTestServer.make(store: kind)
        let (loggedIn, apps) = try await RealmWebAppImportTests.logIn(on: server)
        var importer = loggedIn
        let made = try await importer.fetch(.post, apps, ["name": "reused", "sync": ["development_mode_enabled": true]])
        let appId = try #require(made?["_id"]?.stringValue)
        let clientAppId = try #require(made?["client_app_id"]?.stringValue)
        let app = "\(apps)/\(appId)"
        #expect(try await importer.fetch(.get, "\(app)/deployments")?.arrayValue == [], "making the app deploys nothing")
        try await importer.fetch(.post, "\(app)/values", ["name": "dummyValue", "value": "whatever"])
        let first = try #require(try await importer.fetch(.get, "\(app)/deployments")?.arrayValue)
        #expect(first.count == 1, "Expected a single initial deployment")
        var initial = try #require(first.first?["_id"]?.stringValue)
        #expect(first.first?["deployed_at"]?.numberValue != nil && first.first?["status"] == "successful" && first.first?["draft_id"] == nil)
        #expect(first.first?["user_id"]?.stringValue?.isEmpty == false)

        for round in 1...2 {
            if round > 1 {
                // createOrReuseApp on an app already imported.
                try await importer.fetch(.post, "\(app)/deployments/\(initial)/redeploy")
                let listed = try #require(try await importer.fetch(.get, "\(app)/deployments")?.arrayValue)
                let newest = try #require(listed.first?["_id"]?.stringValue)
                #expect(newest != initial)
                initial = newest
                for secret in try await importer.fetch(.get, "\(app)/secrets")?.arrayValue ?? [] {
                    try await importer.fetch(.delete, "\(app)/secrets/\(secret["_id"]?.stringValue ?? "")")
                }
                let served = try await server.apps.app(appId, in: try #require(made?["group_id"]?.stringValue))
                #expect(served.model.values.map(\.name) == ["dummyValue"] && served.model.functions.isEmpty && served.model.services.isEmpty)
                #expect(served.secrets.isEmpty && served.model.secrets.isEmpty)
            }
            try await RealmWebAppImportTests.configure(app, &importer)
            let anonymous = await server.call(.post, Route.login(appId: clientAppId, provider: .anonymous), json: [:])
            #expect(anonymous.status == 200, "round \(round)")
            let latest = try #require(try await importer.fetch(.get, "\(app)/deployments")?.arrayValue?.first?["_id"]?.stringValue)
            #expect(try await importer.fetch(.get, "\(app)/deployments/\(latest)")?["status"] == "successful", "awaitDeployments")
        }
    }

    /// Served again as it was: the model that deployment served, on this server and on another
    /// over the database, as a new deployment; the secrets' values stay. Bad and unknown ids,
    /// a missing token and another group's app are refused, and each redeploy is in the audit trail.
    @Test(arguments: StoreKind.allCases) func aDeploymentIsServedAgainAsItServedTheApp(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.create(name: "kiosk", product: nil, in: made.groupId)
        let base = "groups/\(made.groupId)/apps/\(app.id)"
        let bearer = login.accessToken
        let anonymous = Route.login(appId: app.clientAppId, provider: .anonymous)
        func deployments() async -> [String] {
            await t.admin(.get, "\(base)/deployments", bearer: bearer).json?.arrayValue?.compactMap { $0["_id"]?.stringValue } ?? []
        }

        #expect(await t.admin(.post, "\(base)/secrets", json: ["name": "key", "value": "one"], bearer: bearer).status == 201)
        #expect(await deployments().isEmpty, "a secret is no part of a deployment")
        #expect(await t.admin(.post, "\(base)/auth_providers", json: ["name": "anon-user", "type": "anon-user"], bearer: bearer).status == 201)
        let withAnonymous = try #require(await deployments().first)
        #expect(await t.call(.post, anonymous, json: [:]).status == 200)
        let providers = await t.admin(.get, "\(base)/auth_providers", bearer: bearer).json?.arrayValue ?? []
        let anonId = try #require(providers.first { $0["type"] == "anon-user" }?["_id"]?.stringValue)
        #expect(await t.admin(.delete, "\(base)/auth_providers/\(anonId)", bearer: bearer).status == 204)
        #expect(await t.call(.post, anonymous, json: [:]).status != 200)
        #expect(await deployments().count == 2)

        let other = try await t.another()
        let redeployed = await t.admin(.post, "\(base)/deployments/\(withAnonymous)/redeploy", bearer: bearer)
        #expect(redeployed.status == 204 && redeployed.body.isEmpty)
        let listed = await deployments()
        #expect(listed.count == 3 && listed[1...] == [listed[1], withAnonymous] && !listed.contains { $0 == "" })
        #expect(await t.call(.post, anonymous, json: [:]).status == 200)
        try await other.apps.follow()
        #expect(await other.call(.post, anonymous, json: [:]).status == 200, "served again on every server over the database")
        let served = try await t.apps.app(app.id, in: made.groupId)
        #expect(served.secrets == ["key": "one"] && served.model.secrets.map(\.name) == ["key"], "the secrets stay as they are")
        let newest = try #require(listed.first)
        #expect(await t.admin(.get, "\(base)/deployments/\(newest)", bearer: bearer).json?["draft_id"] == nil)

        // A draft deployed is kept as it served the app too.
        let draftId = try #require(await t.admin(.post, "\(base)/drafts", bearer: bearer).json?["_id"]?.stringValue)
        #expect(await t.admin(.put, "\(base)/environment", json: ["environment": "production"], bearer: bearer).status == 204)
        let fromDraft = try #require(await t.admin(.post, "\(base)/drafts/\(draftId)/deployment", bearer: bearer).json?["_id"]?.stringValue)
        #expect(await t.admin(.put, "\(base)/environment", json: ["environment": "testing"], bearer: bearer).status == 204)
        #expect(await t.admin(.post, "\(base)/deployments/\(fromDraft)/redeploy", bearer: bearer).status == 204)
        #expect(await t.admin(.get, "\(base)/environment", bearer: bearer).json?["environment"] == "production")

        // Refused, nothing changed.
        let before = await deployments()
        let malformed = await t.admin(.post, "\(base)/deployments/not-an-id/redeploy", bearer: bearer)
        #expect(malformed.status == 400 && malformed.errorCode == "InvalidParameter" && malformed.errorMessage?.contains("deploymentId") == true)
        let unknown = await t.admin(.post, "\(base)/deployments/6560f0a1eeeeeeeeeeeeeeee/redeploy", bearer: bearer)
        #expect(unknown.status == 404 && unknown.errorCode == "DeploymentNotFound")
        #expect(await t.admin(.post, "\(base)/deployments/\(withAnonymous)/redeploy").status == 401)
        let (stranger, strangerLogin) = try await t.loggedInOperator("stranger@example.com")
        let hidden = await t.admin(
            .post, "groups/\(stranger.groupId)/apps/\(app.id)/deployments/\(withAnonymous)/redeploy", bearer: strangerLogin.accessToken)
        #expect(hidden.status == 404 && hidden.errorCode == "AppNotFound")
        #expect(await deployments() == before)

        let lines = try await t.server.services.hosting.store.auditEntries(appId: app.clientAppId, AuditQuery()).filter { $0.event == .admin }.compactMap(\.detail)
        #expect(lines.contains("deployment \(withAnonymous) redeployed as \(newest) by operator ops@example.com"))
    }

    /// A deployment whose app names a secret deleted since cannot be served: refused whole,
    /// naming why, with nothing changed.
    @Test func aDeploymentThatCannotBeServedNowIsRefusedWhole() async throws {
        let t = try await AdminTestServer.make(store: .sqlite)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.create(name: "kiosk", product: nil, in: made.groupId)
        let base = "groups/\(made.groupId)/apps/\(app.id)"
        let bearer = login.accessToken
        let secretId = try #require(await t.admin(.post, "\(base)/secrets", json: ["name": "key", "value": "one"], bearer: bearer).json?["_id"]?.stringValue)
        let value = await t.admin(.post, "\(base)/values", json: ["name": "linked", "value": "key", "from_secret": true], bearer: bearer)
        let valueId = try #require(value.json?["_id"]?.stringValue, "\(value.status) \(String(decoding: value.body, as: UTF8.self))")
        let linked = try #require(await t.admin(.get, "\(base)/deployments", bearer: bearer).json?.arrayValue?.first?["_id"]?.stringValue)
        #expect(await t.admin(.delete, "\(base)/values/\(valueId)", bearer: bearer).status == 204)
        #expect(await t.admin(.delete, "\(base)/secrets/\(secretId)", bearer: bearer).status == 204)
        let before = try await t.apps.app(app.id, in: made.groupId)

        let refused = await t.admin(.post, "\(base)/deployments/\(linked)/redeploy", bearer: bearer)
        #expect(refused.status == 400 && refused.errorMessage?.contains("key") == true, "\(refused.errorMessage ?? "")")
        #expect(try await t.apps.app(app.id, in: made.groupId) == before)
    }

    /// An app keeps its newest `DeploymentKeepingRule.kept` deployments, listed and kept as they
    /// served it, in step; the older are gone from both, and all of them with the app.
    @Test(arguments: StoreKind.allCases) func anAppKeepsItsNewestDeploymentsAndTheyGoWithIt(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.create(name: "kiosk", product: nil, in: made.groupId)
        let base = "groups/\(made.groupId)/apps/\(app.id)"
        let store = t.server.services.hosting.store
        var made30: [String] = []
        for index in 0..<(DeploymentKeepingRule.kept + 5) {
            #expect(await t.admin(.post, "\(base)/values", json: ["name": .string("v\(index)"), "value": .int(Int64(index))], bearer: login.accessToken).status == 201)
            made30.append(try #require(try await t.apps.app(app.id, in: made.groupId).deployments.first?.id))
        }
        let listed = await t.admin(.get, "\(base)/deployments", bearer: login.accessToken).json?.arrayValue?.compactMap { $0["_id"]?.stringValue }
        #expect(listed == Array(made30.reversed().prefix(DeploymentKeepingRule.kept)))
        for (index, id) in made30.enumerated() {
            let kept = try await store.hostedAppDeployment(appId: app.id, id: id)
            #expect((kept != nil) == (index >= 5), "deployment \(index)")
        }
        let oldest = await t.admin(.post, "\(base)/deployments/\(made30[0])/redeploy", bearer: login.accessToken)
        #expect(oldest.status == 404 && oldest.errorCode == "DeploymentNotFound")
        let kept = try #require(try await store.hostedAppDeployment(appId: app.id, id: made30[5]))
        #expect(try JSONDecoder().decode(AppModel.self, from: Data(kept.document.utf8)).values.map(\.name) == (0...5).map { "v\($0)" })

        #expect(await t.admin(.delete, base, bearer: login.accessToken).status == 204)
        #expect(try await store.hostedAppDeployment(appId: app.id, id: made30[29]) == nil, "gone with the app")
    }
}
