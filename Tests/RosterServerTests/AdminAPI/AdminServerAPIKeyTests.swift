import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// An app's server API keys through the Admin API's `api_keys` routes: made with a name (the key
/// shown once), listed, read, disabled, enabled and deleted; each key logs in a server user of
/// its own through the client API's `api-key` provider, on every server over the database.
@Suite struct AdminServerAPIKeyTests {
    struct Setup {
        let t: AdminTestServer
        let groupId: String
        let bearer: String
        let app: HostedApp
        var keys: String { "groups/\(groupId)/apps/\(app.id)/api_keys" }
    }

    func setUp(_ kind: StoreKind) async throws -> Setup {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.edit(try await t.apps.create(name: "kiosk", product: nil, in: made.groupId).id, in: made.groupId) { model in
            model.providers = [
                AppProvider(kind: .apiKey), AppProvider(kind: .emailPassword, settings: .emailPassword(AppEmailPasswordSettings(autoConfirm: true))),
            ]
        }
        return Setup(t: t, groupId: made.groupId, bearer: login.accessToken, app: app)
    }

    func logIn(_ s: Setup, key: String, on server: RosterServer? = nil) async -> WireResponse {
        await (server ?? s.t.server).respond(
            to: WireRequest(
                method: .post, path: Route.login(appId: s.app.clientAppId, provider: .apiKey), headers: ["content-type": "application/json"],
                body: JSONValue.object(["key": .string(key)]).data))
    }

    func audit(_ s: Setup) async throws -> Set<String> {
        Set(try await s.t.server.services.hosting.store.auditEntries(appId: s.app.clientAppId, AuditQuery()).filter { $0.event == .admin }.compactMap(\.detail))
    }

    @Test(arguments: StoreKind.allCases) func aServerAPIKeyIsShownOnceKeptHashedAndLogsInItsOwnServerUserOnEveryServer(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        let made = await s.t.admin(.post, s.keys, json: ["name": "deploy"], bearer: s.bearer)
        #expect(made.status == 201, "\(String(decoding: made.body, as: UTF8.self))")
        let id = try #require(made.json?["_id"]?.stringValue)
        let key = try #require(made.json?["key"]?.stringValue)
        #expect(made.json?["name"] == "deploy" && made.json?["disabled"] == false)
        // Listed and read without the key.
        let listed = await s.t.admin(.get, s.keys, bearer: s.bearer)
        #expect(listed.json == [["_id": .string(id), "name": "deploy", "disabled": false]])
        let read = await s.t.admin(.get, "\(s.keys)/\(id)", bearer: s.bearer)
        #expect(read.json == ["_id": .string(id), "name": "deploy", "disabled": false])
        // Only its SHA-256 is kept, as a user's API key's.
        let stored = try #require(try await s.t.server.services.hosting.store.serverAPIKey(appId: s.app.clientAppId, id: id))
        #expect(stored.keyDigest == SecretDigest.hex(of: key) && stored.keyDigest != key)

        // It logs in a server user of its own, here and on another server over the database.
        let here = await logIn(s, key: key)
        #expect(here.status == 200, "\(String(decoding: here.body, as: UTF8.self))")
        let session = try WireCoding.decode(LoginResponse.self, from: here.body)
        #expect(session.userId == stored.userId)
        let profile = await s.t.call(.get, Route.profile, bearer: session.accessToken)
        #expect(profile.json?["identities"]?.arrayValue?.map { $0["provider_type"] } == ["api-key"])
        let elsewhere = try await s.t.another()
        #expect(await logIn(s, key: key, on: elsewhere.server).status == 200)

        // A user's own API key is no server key.
        _ = try await s.t.server.admin.createEmailUser(appId: s.app.clientAppId, email: "ann@example.com", password: "pa55word!")
        let ann = try WireCoding.decode(
            LoginResponse.self,
            from: await s.t.call(.post, Route.login(appId: s.app.clientAppId, provider: .emailPassword), json: ["username": "ann@example.com", "password": "pa55word!"]).body)
        #expect(await s.t.call(.post, Route.apiKeys, json: ["name": "laptop"], bearer: ann.refreshToken).status == 201)
        #expect(await s.t.admin(.get, s.keys, bearer: s.bearer).json?.arrayValue?.count == 1)
        #expect(try await audit(s) == ["server API key \(id) created by operator ops@example.com"])
    }

    @Test(arguments: StoreKind.allCases) func aDisabledKeyIsRefusedUntilEnabledAndADeletedOneForGood(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        let made = await s.t.admin(.post, s.keys, json: ["name": "deploy"], bearer: s.bearer)
        let id = try #require(made.json?["_id"]?.stringValue)
        let key = try #require(made.json?["key"]?.stringValue)
        let elsewhere = try await s.t.another()

        #expect(await s.t.admin(.put, "\(s.keys)/\(id)/disable", bearer: s.bearer).status == 204)
        #expect(await s.t.admin(.get, "\(s.keys)/\(id)", bearer: s.bearer).json?["disabled"] == true)
        for server in [s.t.server, elsewhere.server] {
            let refused = await logIn(s, key: key, on: server)
            #expect(refused.status == 401 && refused.errorCode == "AuthError" && refused.errorMessage == "invalid API key")
        }
        #expect(await s.t.admin(.put, "\(s.keys)/\(id)/enable", bearer: s.bearer).status == 204)
        #expect(await s.t.admin(.get, "\(s.keys)/\(id)", bearer: s.bearer).json?["disabled"] == false)
        let session = try WireCoding.decode(LoginResponse.self, from: await logIn(s, key: key, on: elsewhere.server).body)

        #expect(await s.t.admin(.delete, "\(s.keys)/\(id)", bearer: s.bearer).status == 204)
        let gone = await s.t.admin(.get, "\(s.keys)/\(id)", bearer: s.bearer)
        #expect(gone.status == 404 && gone.errorCode == "APIKeyNotFound" && gone.errorMessage == "API key not found")
        #expect(await s.t.admin(.get, s.keys, bearer: s.bearer).json == [])
        #expect(await logIn(s, key: key, on: elsewhere.server).status == 401)
        // Its server user went with it, and that user's sessions.
        #expect(await s.t.call(.post, Route.session, bearer: session.refreshToken).status == 401)
        for path in ["\(s.keys)/\(id)/enable", "\(s.keys)/\(id)/disable"] {
            #expect(await s.t.admin(.put, path, bearer: s.bearer).errorCode == "APIKeyNotFound")
        }
        #expect(await s.t.admin(.delete, "\(s.keys)/\(id)", bearer: s.bearer).errorCode == "APIKeyNotFound")
        #expect(
            try await audit(s) == Set(["created", "disabled", "enabled", "deleted"].map { "server API key \(id) \($0) by operator ops@example.com" }))
    }

    @Test(arguments: StoreKind.allCases) func aBadRequestIsRefusedInAppServicesWordsAndChangesNothing(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        let made = await s.t.admin(.post, s.keys, json: ["name": "deploy"], bearer: s.bearer)
        let id = try #require(made.json?["_id"]?.stringValue)

        let unnamed = await s.t.admin(.post, s.keys, json: [:], bearer: s.bearer)
        #expect(unnamed.status == 400 && unnamed.errorCode == "MissingParameter" && unnamed.errorMessage == "'name' is required")
        let blank = await s.t.admin(.post, s.keys, json: ["name": "  "], bearer: s.bearer)
        #expect(blank.status == 400 && blank.errorCode == "InvalidParameter" && blank.errorMessage?.hasPrefix("'name'") == true)
        let long = await s.t.admin(.post, s.keys, json: ["name": .string(String(repeating: "k", count: 129))], bearer: s.bearer)
        #expect(long.status == 400 && long.errorCode == "InvalidParameter")
        let control = await s.t.admin(.post, s.keys, json: ["name": "de\u{202E}ploy"], bearer: s.bearer)
        #expect(control.status == 400 && control.errorCode == "InvalidParameter")
        let again = await s.t.admin(.post, s.keys, json: ["name": "deploy"], bearer: s.bearer)
        #expect(again.status == 409 && again.errorCode == "APIKeyAlreadyExists" && again.errorMessage?.contains("'deploy'") == true)
        let notAnId = await s.t.admin(.get, "\(s.keys)/not-an-id", bearer: s.bearer)
        #expect(notAnId.status == 404 && notAnId.errorCode == "APIKeyNotFound")
        // The id of a user's key, or of the server user, is no server key.
        let user = try #require(try await s.t.server.services.hosting.store.serverAPIKey(appId: s.app.clientAppId, id: id)).userId
        #expect(await s.t.admin(.put, "\(s.keys)/\(user)/disable", bearer: s.bearer).errorCode == "APIKeyNotFound")

        // Without an admin token, or from another group: not reached.
        #expect(await s.t.admin(.get, s.keys).status == 401)
        #expect(await s.t.admin(.post, s.keys, json: ["name": "other"]).status == 401)
        #expect(await s.t.admin(.delete, "\(s.keys)/\(id)").status == 401)
        let (bob, bobLogin) = try await s.t.loggedInOperator("bob@example.com")
        let bobs = "groups/\(bob.groupId)/apps/\(s.app.id)/api_keys"
        let hidden = await s.t.admin(.get, bobs, bearer: bobLogin.accessToken)
        #expect(hidden.status == 404 && hidden.errorCode == "AppNotFound")
        #expect(await s.t.admin(.post, bobs, json: ["name": "other"], bearer: bobLogin.accessToken).status == 404)
        #expect(await s.t.admin(.put, "\(bobs)/\(id)/disable", bearer: bobLogin.accessToken).status == 404)
        #expect(await s.t.admin(.delete, "\(bobs)/\(id)", bearer: bobLogin.accessToken).status == 404)

        #expect(await s.t.admin(.get, s.keys, bearer: s.bearer).json == [["_id": .string(id), "name": "deploy", "disabled": false]])
        #expect(try await audit(s) == ["server API key \(id) created by operator ops@example.com"])
    }
}
