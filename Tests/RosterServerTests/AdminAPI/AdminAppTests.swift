import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// The apps the database holds: made, listed, read and deleted through the Admin API by the
/// operators of their group, served on the client API at once, and followed by every server
/// process over the database.
@Suite struct AdminAppTests {
    @Test(arguments: StoreKind.allCases) func anAppMadeIsServedAtOnceListedReadAndDeleted(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let created = await t.admin(.post, "groups/\(made.groupId)/apps", json: ["name": "kiosk", "sync": ["development_mode_enabled": true]],
            bearer: login.accessToken, query: ["product": "standard", "bypass_service_change": "SyncSchemaVersionIncrease"])
        #expect(created.status == 201)
        let app = try #require(created.json)
        let (id, clientAppId) = (try #require(app["_id"]?.stringValue), try #require(app["client_app_id"]?.stringValue))
        #expect(clientAppId.hasPrefix("kiosk-") && clientAppId.count == 11)
        #expect(app["group_id"]?.stringValue == made.groupId && app["product"]?.stringValue == "standard")
        #expect(await t.serves(clientAppId))

        let listed = try #require(await t.admin(.get, "groups/\(made.groupId)/apps", bearer: login.accessToken).json)
        #expect(listed.arrayValue?.first?["_id"]?.stringValue == id && listed.arrayValue?.first?["client_app_id"]?.stringValue == clientAppId)
        #expect(await t.admin(.get, "groups/\(made.groupId)/apps/\(id)", bearer: login.accessToken).json?["name"]?.stringValue == "kiosk")
        // As App Services makes an app: the API-key provider there, disabled (realm-core's suite enables it).
        let providers = await t.admin(.get, "groups/\(made.groupId)/apps/\(id)/auth_providers", bearer: login.accessToken).json
        #expect(providers?.arrayValue?.contains { $0["type"]?.stringValue == "api-key" && $0["disabled"] == .bool(true) } == true, "\(String(describing: providers))")

        #expect(await t.admin(.delete, "groups/\(made.groupId)/apps/\(id)", bearer: login.accessToken).status == 204)
        #expect(await !t.serves(clientAppId))
        let gone = await t.admin(.get, "groups/\(made.groupId)/apps/\(id)", bearer: login.accessToken)
        #expect(gone.status == 404 && gone.errorCode == "AppNotFound")
        let entries = try await t.server.services.hosting.store.auditEntries(appId: clientAppId, AuditQuery())
        #expect(entries.map(\.detail).reversed() == ["app created by operator ops@example.com", "app deleted by operator ops@example.com"])
        #expect(entries.allSatisfy { $0.event == .admin && $0.userId == made.id })
    }

    @Test(arguments: StoreKind.allCases) func anotherGroupsAppIsNotFoundAndAnotherGroupIsRefused(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (ann, annLogin) = try await t.loggedInOperator("ann@example.com")
        let (bob, bobLogin) = try await t.loggedInOperator("bob@example.com")
        let app = try await t.apps.create(name: "anns", product: nil, in: ann.groupId)
        let hidden = await t.admin(.get, "groups/\(bob.groupId)/apps/\(app.id)", bearer: bobLogin.accessToken)
        #expect(hidden.status == 404 && hidden.errorCode == "AppNotFound")
        #expect(await t.admin(.delete, "groups/\(bob.groupId)/apps/\(app.id)", bearer: bobLogin.accessToken).status == 404)
        #expect(await t.admin(.get, "groups/\(bob.groupId)/apps", bearer: bobLogin.accessToken).json == [])
        #expect(await t.admin(.get, "groups/\(ann.groupId)/apps", bearer: bobLogin.accessToken).status == 401)
        #expect(await t.admin(.get, "groups/\(ann.groupId)/apps/\(app.id)", bearer: annLogin.accessToken).status == 200)
        #expect(await t.serves(app.clientAppId))
    }

    @Test(arguments: StoreKind.allCases) func aBadNameIsRefusedNamingTheFieldAndMakesNothing(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let missing = await t.admin(.post, "groups/\(made.groupId)/apps", json: [:], bearer: login.accessToken)
        #expect(missing.status == 400 && missing.errorCode == "MissingParameter" && missing.errorMessage?.contains("'name'") == true)
        for bad: JSONValue in ["", "has space", "9starts-with-digit", .string(String(repeating: "a", count: 33)), 7] {
            let refused = await t.admin(.post, "groups/\(made.groupId)/apps", json: ["name": bad], bearer: login.accessToken)
            #expect(refused.status == 400 && refused.errorMessage?.contains("name") == true, "\(bad)")
        }
        #expect(try await t.apps.list(in: made.groupId).isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func anEditTakesEffectAtOnceAndOnEveryServerOverTheDatabase(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, _) = try await t.loggedInOperator()
        let other = try await t.another()
        let app = try await t.apps.create(name: "kiosk", product: nil, in: made.groupId)
        let anonymous = Route.login(appId: app.clientAppId, provider: .anonymous)
        #expect(await t.call(.post, anonymous, json: [:]).status == 404)

        let edited = try await t.apps.edit(app.id, in: made.groupId) { model in model.providers.append(AppProvider(kind: .anonymous)) }
        #expect(edited.version == 2)
        #expect(await t.call(.post, anonymous, json: [:]).status == 200)

        // The other server process serves it once it follows the database.
        #expect(await other.call(.post, anonymous, json: [:]).status != 200)
        try await other.apps.follow()
        #expect(await other.call(.post, anonymous, json: [:]).status == 200)

        // An edit that throws, or makes an app that cannot be served, changes nothing.
        struct Refused: Error {}
        await #expect(throws: Refused.self) { try await t.apps.edit(app.id, in: made.groupId) { model in model.providers = []; throw Refused() } }
        await #expect(throws: ErrorResponse.self) {
            try await t.apps.edit(app.id, in: made.groupId) { model in
                model.providers.append(AppProvider(kind: .customToken, secretConfig: ["signingKeys.0": "missingSecret"]))
            }
        }
        #expect(try await t.apps.app(app.id, in: made.groupId).version == 2)

        _ = try await t.apps.delete(app.id, in: made.groupId)
        try await other.apps.follow()
        #expect(await !other.serves(app.clientAppId))
        // A server started later serves what the database holds.
        let kept = try await t.apps.create(name: "kept", product: nil, in: made.groupId)
        let later = try await t.another()
        #expect(await later.serves(kept.clientAppId))
    }
}
