import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import RosterAdminAPI
import RosterAppModel
import RosterServer
import RosterServerCore
import RosterWire
import Testing

/// The resource routes as realm-core's suite calls them, answered by a router with the
/// server's error middleware over an in-memory app on the real app model: the app it builds
/// is the one the suite asked for, and each refusal reaches the client with its own status,
/// code and words.
@Suite struct AppResourceRouteTests {
    static let group = "6560f0a1aaaaaaaaaaaaaaaa"
    static let appId = "6560f0a1bbbbbbbbbbbbbbbb"
    let store = InMemoryAppResources([
        appId: .init(group: group, model: AppModel(name: "test", appId: "test-abcde", providers: AdminNewApp.providers())),
        "6560f0a1cccccccccccccccc": .init(group: "6560f0a1dddddddddddddddd", model: AppModel(name: "other", appId: "other-abcde")),
    ])
    let responder: RosterResponder

    init() {
        let router = Router(context: RosterRequestContext.self)
        router.add(middleware: ProtocolErrorMiddleware(metrics: ServerMetrics()))
        AppResourceRoutes.add(to: router.group(RouterPath("\(AdminAPIVersion.path)/groups/:groupId/apps/:appId")), store: store)
        responder = RosterResponder(router: router.buildResponder())
    }

    /// Sends `json` to `path` under the app, as realm-core does, and reads the answer.
    @discardableResult
    func send(_ method: HTTPRequest.Method, _ path: String, _ json: String? = nil, app: String = appId, group: String = group)
        async throws -> (status: Int, body: JSONValue?)
    {
        let head = HTTPRequest(
            method: method, scheme: "http", authority: "localhost",
            path: "\(AdminAPIVersion.path)/groups/\(group)/apps/\(app)/\(path)?bypass_service_change=SyncSchemaVersionIncrease",
            headerFields: [.contentType: "application/json;charset=utf-8"])
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer(string: json ?? "")))
        let context = RosterRequestContext(source: RosterContextSource(logger: Logger(label: "test")))
        let response = await WireBridge.wireResponse(from: await responder.respond(to: request, context: context))
        return (response.status, response.body.isEmpty ? nil : try JSONValue(parsing: response.body))
    }

    func id(_ answer: (status: Int, body: JSONValue?)) throws -> String {
        try #require(answer.body?["_id"]?.stringValue)
    }

    @Test func realmCoresAppIsBuiltThroughTheRoutes() async throws {
        var functionIds: [String: String] = [:]
        for name in ["confirmFunc", "resetFunc", "authFunc", "sumFunc"] {
            let made = try await send(.post, "functions", #"{"name": "\#(name)", "private": false, "can_evaluate": {}, "source": "exports = () => 1"}"#)
            #expect(made.status == 201 && made.body?["name"] == .string(name))
            functionIds[name] = try id(made)
        }
        #expect(try await send(.post, "auth_providers", #"{"type": "anon-user"}"#).status == 201)
        let userpass = #"{"type": "local-userpass", "config": {"autoConfirm": false, "confirmationFunctionName": "confirmFunc", "confirmationFunctionId": "\#(functionIds["confirmFunc"]!)", "runConfirmationFunction": true, "resetFunctionName": "resetFunc", "resetFunctionId": "\#(functionIds["resetFunc"]!)", "runResetFunction": true, "emailConfirmationUrl": "http://localhost/confirmEmail", "resetPasswordUrl": "http://localhost/resetPassword", "confirmEmailSubject": "", "resetPasswordSubject": ""}}"#
        #expect(try await send(.post, "auth_providers", userpass).status == 201)
        #expect(try await send(.post, "auth_providers", #"{"type": "custom-function", "config": {"authFunctionName": "authFunc", "authFunctionId": "\#(functionIds["authFunc"]!)"}}"#).status == 201)
        let providers = try #require(try await send(.get, "auth_providers").body?.arrayValue)
        let apiKey = try #require(providers.first { $0["type"] == "api-key" }?["_id"]?.stringValue)
        #expect(try await send(.put, "auth_providers/\(apiKey)/enable", "").status == 204)
        for (name, value) in [("BackingDB_uri", "mongodb://localhost:26000"), ("gcm", "gcm"), ("customTokenKey", "My_very_confidential_secretttttt")] {
            #expect(try await send(.post, "secrets", #"{"name": "\#(name)", "value": "\#(value)"}"#).status == 201)
        }
        let token = #"{"type": "custom-token", "config": {"audience": [], "signingAlgorithm": "HS256", "useJWKURI": false}, "secret_config": {"signingKeys": ["customTokenKey"]}, "disabled": false, "metadata_fields": [{"required": true, "name": "user_data.occupation", "field_name": "occupation"}]}"#
        #expect(try await send(.post, "auth_providers", token).status == 201)
        let service = try await send(.post, "services", #"{"name": "BackingDB", "type": "mongodb", "config": {"uri": "mongodb://localhost:26000", "sync": {"database_name": "test_data", "partition": {"key": "realm_id", "type": "string", "required": false, "permissions": {"read": true, "write": true}}}}}"#)
        #expect(service.status == 201)
        let serviceId = try id(service)
        let role = #"{"name": "default", "apply_when": {}, "document_filters": {"read": true, "write": true}, "read": true, "write": true, "insert": true, "delete": true}"#
        #expect(try await send(.post, "services/\(serviceId)/default_rule", #"{"roles": [\#(role)]}"#).status == 201)
        #expect(try await send(.get, "schemas").body == [])
        let dog = #"{"schema": {"properties": {"_id": {"bsonType": "objectId"}}, "required": [], "title": "Dog"}, "metadata": {"database": "test_data", "collection": "Dog", "data_source": "BackingDB"}, "relationships": {}}"#
        let schemaId = try id(try await send(.post, "schemas", dog))
        #expect(try await send(.put, "schemas/\(schemaId)", dog).status == 204)
        #expect(try await send(.patch, "services/\(serviceId)/config", #"{"sync": {"database_name": "test_data", "state": "enabled", "is_recovery_mode_disabled": false}}"#).status == 204)
        #expect(try await send(.put, "sync/config", #"{"development_mode_enabled": false}"#).status == 204)
        #expect(try await send(.post, "services/\(serviceId)/rules", #"{"database": "test_data", "collection": "UserData", "roles": [\#(role)]}"#).status == 201)
        #expect(try await send(.patch, "custom_user_data", #"{"mongo_service_id": "\#(serviceId)", "enabled": true, "database_name": "test_data", "collection_name": "UserData", "user_id_field": "user_id"}"#).status == 204)
        #expect(try await send(.post, "services", #"{"name": "gcm", "type": "gcm", "config": {"senderId": "gcm"}, "secret_config": {"apiKey": "gcm"}, "version": 1}"#).status == 201)

        let held = try #require(store.held(Self.appId))
        #expect(held.model.functions.map(\.name) == ["confirmFunc", "resetFunc", "authFunc", "sumFunc"])
        #expect(held.model.providers.map(\.kind) == [.apiKey, .anonymous, .emailPassword, .customFunction, .customToken])
        #expect(held.model.provider(.apiKey)?.disabled == false)
        #expect(held.model.secrets.map(\.name) == ["BackingDB_uri", "gcm", "customTokenKey"] && held.secrets["customTokenKey"] == "My_very_confidential_secretttttt")
        #expect(held.model.customUserData == AppCustomUserData(service: "BackingDB", database: "test_data", collection: "UserData", userIdField: "user_id"))
        #expect(held.model.rules.first?.collections.map(\.collection) == ["UserData"] && held.model.schemas.map(\.collection) == ["Dog"])
        // What realm-core reads back: the services with version and last_modified, and the sync config.
        let services = try #require(try await send(.get, "services").body?.arrayValue)
        #expect(services.map { $0["type"] } == ["mongodb", "gcm"] && services.allSatisfy { $0["version"] == 1 && $0["last_modified"]?.intValue != nil })
        let config = try await send(.get, "services/\(serviceId)/config").body
        #expect(config?["sync"]?["state"] == "enabled" && config?["uri"] == "mongodb://localhost:26000")
        #expect(!String(decoding: try WireCoding.encode(try await send(.get, "secrets").body), as: UTF8.self).contains("My_very"))
        #expect(store.done.contains("create function 'sumFunc'") && store.done.count == 21)
    }

    @Test func refusalsReachTheClientWithTheirStatusCodeAndWords() async throws {
        let body = #"{"name": "f", "source": "exports = 1"}"#
        #expect(try await send(.post, "functions", body).status == 201)
        let twice = try await send(.post, "functions", body)
        #expect(twice.status == 409 && twice.body?["error_code"] == "FunctionDuplicateName")
        #expect(twice.body?["error"]?.stringValue?.contains("'f'") == true)
        let missing = try await send(.post, "values", #"{"value": 1}"#)
        #expect(missing.status == 400 && missing.body?["error_code"] == "MissingParameter" && missing.body?["error"] == "'name' is required")
        let notJSON = try await send(.post, "secrets", "name=x")
        #expect(notJSON.status == 400 && notJSON.body?["error_code"] == "BadRequest")
        let badId = try await send(.get, "functions/not-an-id")
        #expect(badId.status == 400 && badId.body?["error_code"] == "InvalidParameter")
        let unknown = try await send(.delete, "triggers/6560f0a1eeeeeeeeeeeeeeee")
        #expect(unknown.status == 404 && unknown.body?["error_code"] == "TriggerNotFound")
        // Another group's app is not found, and nothing of it changes.
        let other = try await send(.post, "functions", body, app: "6560f0a1cccccccccccccccc")
        #expect(other.status == 404 && other.body?["error_code"] == "AppNotFound")
        #expect(store.held("6560f0a1cccccccccccccccc")?.model.functions.isEmpty == true)
        #expect(store.held(Self.appId)?.model.functions.count == 1)
    }
}
