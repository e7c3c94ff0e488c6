import Foundation
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// The rest of realm-core's harness (baas_admin_api.cpp) played against Roster call for call:
/// `create_schema` with a draft (the schemas posted and put inside it, then one deployment),
/// `get_errors` (the app's error log), and the private API's `set_feature_flag`,
/// `get_feature_flag`, `patch_app_settings` and `get_app_settings`, each answer held to what the
/// harness asserts and reads.
@Suite struct RealmCoreAdminDraftLogFlagTests {
    @Test(arguments: StoreKind.allCases) func createSchemaWithADraftGetErrorsAndTheFeatureFlagsPassAsTheHarnessCallsThem(_ kind: StoreKind) async throws {
        let server = try await AdminTestServer.make(store: kind)
        var harness = try await RealmCoreAdminHarness.login(server)
        let appId = try RealmCoreAdminSetup.field(try await harness.json(.post, "", ["name": "test"]), "_id")
        try await harness.json(.post, "\(appId)/services", ["name": "BackingDB", "type": "mongodb", "config": ["uri": .string(RealmCoreAdminHarness.mongoURI)]])

        // create_schema(app_id, config, use_draft = true).
        let draftId = try RealmCoreAdminSetup.field(try await harness.json(.post, "\(appId)/drafts", [:]), "_id")
        let schemas = "\(appId)/schemas"
        #expect(try await harness.json(.get, schemas).arrayValue?.isEmpty == true)
        var ids: [(RealmCoreSchema, String)] = []
        for type in RealmCoreSchema.types {
            ids.append((type, try RealmCoreAdminSetup.field(try await harness.json(.post, schemas, type.baasSchema(database: "db", keysOnly: true)), "_id")))
        }
        for (type, id) in ids {
            var whole = type.baasSchema(database: "db", keysOnly: false).objectValue ?? [:]
            whole["_id"] = .string(id)
            try await harness.json(.put, "\(schemas)/\(id)", .object(whole))
        }
        let served = try await server.apps.app(appId, in: harness.groupId)
        #expect(served.model.schemas.isEmpty && served.draft?.model.schemas.count == 3, "held in the draft until deployed")
        try await harness.json(.post, "\(appId)/drafts/\(draftId)/deployment", [:])
        let deployed = try await server.apps.app(appId, in: harness.groupId)
        #expect(deployed.draft == nil && Set(deployed.model.schemas.map(\.collection)) == ["Dog", "Cat", "Person"])

        // get_errors: `logs?errors_only=true`, each entry's `error` a string.
        try await harness.json(.post, "\(appId)/auth_providers", [
            "type": "local-userpass", "config": ["autoConfirm": true, "resetPasswordUrl": "http://localhost/resetPassword", "emailConfirmationUrl": "http://localhost/confirmEmail"],
        ])
        let client = Route.login(appId: deployed.clientAppId, provider: .emailPassword)
        #expect(await server.call(.post, client, json: ["username": "nobody@example.com", "password": "wrong-one"]).status == 401)
        var query = RealmCoreAdminHarness.bypass
        query["errors_only"] = "true"
        let errors = await server.admin(.get, "groups/\(harness.groupId)/apps/\(appId)/logs", bearer: harness.accessToken, query: query)
        #expect(errors.status == 200 && errors.json?["logs"]?.arrayValue?.compactMap { $0["error"]?.stringValue } == ["unauthorized"])

        // set_feature_flag / get_feature_flag / patch_app_settings / get_app_settings.
        let flag = try await harness.privateJSON(.post, "\(appId)/features", ["action": "enable", "feature_flags": ["allow_permissions_bootstrap"]])
        #expect(flag == .emptyObject)
        #expect(try await harness.privateJSON(.get, "\(appId)/features")["enabled"]?.arrayValue?.contains("allow_permissions_bootstrap") == true)
        #expect(try await harness.privateJSON(.patch, "\(appId)/settings", ["sync": ["num_objects_before_bootstrap_flush": 10]]) == .emptyObject)
        #expect(try await harness.privateJSON(.get, "\(appId)/settings")["sync"]?["num_objects_before_bootstrap_flush"] == 10)
    }
}

extension RealmCoreAdminHarness {
    /// A call under the private API's `groups/{group}/apps` (`apps(APIFamily::Private)`), as
    /// `AdminAPIEndpoint` makes it: a 2xx required, the body parsed (`{}` when empty).
    mutating func privateJSON(_ method: WireMethod, _ path: String, _ body: JSONValue? = nil) async throws -> JSONValue {
        let full = "\(AdminAPIVersion.privatePath)/groups/\(groupId)/apps/\(path)"
        let response = await server.call(method, full, json: body, bearer: accessToken, query: Self.bypass)
        guard (200..<300).contains(response.status) else { throw Failed(call: "\(method.rawValue) \(full)", response: response) }
        return response.body.isEmpty ? .emptyObject : try JSONValue(parsing: response.body)
    }
}
