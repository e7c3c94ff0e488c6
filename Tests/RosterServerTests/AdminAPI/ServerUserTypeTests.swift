import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// A server API key's user is App Services' `server` user wherever App Services names a user's
/// type: the Admin API's users, the client API's profile, a function's `context.user`, a rule's
/// `%%user` and an authentication trigger's event. A person's user stays `normal`, also when it
/// logs in with a user API key of its own.
@Suite(.timeLimit(.minutes(2))) struct ServerUserTypeTests {
    struct Setup {
        let t: AdminTestServer
        let groupId: String
        let bearer: String
        let app: HostedApp
        var base: String { "groups/\(groupId)/apps/\(app.id)" }
    }

    /// An app with server API keys, a custom-function log-in (a person's user without a
    /// password to hash), a function answering `context.user.type`, a collection only server
    /// users may write, and a log-in trigger for both providers logging its events.
    func setUp(_ kind: StoreKind) async throws -> Setup {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.edit(try await t.apps.create(name: "kiosk", product: nil, in: made.groupId).id, in: made.groupId) { model in
            model.providers = [AppProvider(kind: .apiKey), AppProvider(kind: .customFunction, settings: .customFunction(authFunctionName: "auth"))]
            model.services = [AppService(name: "mongodb-atlas", type: "mongodb-atlas")]
            model.functions = [
                AppFunction(name: "auth", source: "exports = (payload) => payload.name;", isPrivate: true),
                AppFunction(name: "userType", source: "exports = () => context.user.type;"),
                AppFunction(name: "logEvent", source: TriggerTests.logEvent, isPrivate: true),
            ]
            // Only a server user's role lets it add stock.
            model.rules = [
                AppServiceRules(service: "mongodb-atlas", collections: [
                    AppCollectionRule(database: "shop", collection: "stock", roles: [
                        AppRole(name: "servers", applyWhen: ["%%user.type": "server"], read: true, write: true, insert: true)
                    ])
                ])
            ]
            model.triggers = [
                AppTrigger(name: "onLogin", event: .authentication(operationType: "LOGIN", providers: ["api-key", "custom-function"]), functionName: "logEvent")
            ]
        }
        return Setup(t: t, groupId: made.groupId, bearer: login.accessToken, app: app)
    }

    func logIn(_ s: Setup, _ provider: ProviderType, _ body: JSONValue) async throws -> LoginResponse {
        let answer = await s.t.call(.post, Route.login(appId: s.app.clientAppId, provider: provider), json: body)
        guard answer.status == 200 else { throw TestServer.Unexpected(response: answer) }
        return try WireCoding.decode(LoginResponse.self, from: answer.body)
    }

    @Test(arguments: StoreKind.allCases) func aServerKeysUserIsAServerUserEverywhereAndAPersonsUserStaysNormal(_ kind: StoreKind) async throws {
        let s = try await setUp(kind)
        let made = await s.t.admin(.post, "\(s.base)/api_keys", json: ["name": "deploy"], bearer: s.bearer)
        let serverKey = try #require(made.json?["key"]?.stringValue, "\(String(decoding: made.body, as: UTF8.self))")
        let server = try await logIn(s, .apiKey, ["key": .string(serverKey)])
        // Ann, a person, logs in, makes a user API key of her own and logs in with it too.
        let ann = try await logIn(s, .customFunction, ["name": "ann"])
        let annKey = try #require(await s.t.call(.post, Route.apiKeys, json: ["name": "laptop"], bearer: ann.refreshToken).json?["key"]?.stringValue)
        let annByKey = try await logIn(s, .apiKey, ["key": .string(annKey)])
        #expect(annByKey.userId == ann.userId)

        // The Admin API's users, listed and read one by one.
        let listed = try #require(await s.t.admin(.get, "\(s.base)/users", bearer: s.bearer).json?.arrayValue)
        let types = Dictionary(uniqueKeysWithValues: listed.compactMap { user in user["_id"]?.stringValue.map { ($0, user["type"]) } })
        #expect(types == [server.userId: "server", ann.userId: "normal"])
        #expect(await s.t.admin(.get, "\(s.base)/users/\(server.userId)", bearer: s.bearer).json?["type"] == "server")
        #expect(await s.t.admin(.get, "\(s.base)/users/\(ann.userId)", bearer: s.bearer).json?["type"] == "normal")

        // The client API's profile, as the SDKs read it.
        for (session, type) in [(server, UserType.server), (ann, .normal), (annByKey, .normal)] {
            let profile = await s.t.call(.get, Route.profile, bearer: session.accessToken)
            #expect(try profile.decoded(ProfileResponse.self).type == type)
            #expect(profile.json?["type"] == .string(type.rawValue))
        }

        // A function's `context.user.type`.
        for (session, type) in [(server, "server"), (annByKey, "normal")] {
            let called = await s.t.call(.post, Route.functionCall(appId: s.app.clientAppId), json: ["name": "userType", "arguments": []], bearer: session.accessToken)
            #expect(called.status == 200 && called.json == .string(type), "\(String(decoding: called.body, as: UTF8.self))")
        }

        // A rule's `%%user.type`.
        for (session, inserted) in [(server, true), (annByKey, false)] {
            let body: JSONValue = [
                "name": "insertOne", "service": "mongodb-atlas", "arguments": [["database": "shop", "collection": "stock", "document": ["sku": "a1"]]],
            ]
            let written = await s.t.call(.post, Route.functionCall(appId: s.app.clientAppId), json: body, bearer: session.accessToken)
            #expect((written.status == 200) == inserted, "\(String(decoding: written.body, as: UTF8.self))")
        }

        // The log-in trigger's event, for each of the three log-ins.
        let events = try await AdminTriggerLiveTests.logged(s.t, app: s.app.clientAppId, count: 3)
        let seen = events.compactMap { event in event["user"]?["id"]?.stringValue.map { "\($0) \(event["providers"]?.compactText ?? "") \(event["user"]?["type"]?.compactText ?? "")" } }
        #expect(
            seen.sorted() == [
                "\(server.userId) [\"api-key\"] \"server\"", "\(ann.userId) [\"custom-function\"] \"normal\"", "\(ann.userId) [\"api-key\"] \"normal\"",
            ].sorted())
    }
}
