import Foundation
import RosterWire
@testable import RosterAdminAPI

/// realm-core's `create_app(default_app_config())` as calls: log-in, the app, its five
/// functions, the providers (anonymous, email/password confirming and resetting through
/// functions, custom function, the API-key provider enabled, custom JWT with its metadata
/// fields), three secrets, the `BackingDB` service with partition sync, its default rule, the
/// Dog/Cat/Person schemas in two passes, sync enabled, development mode off, the `UserData`
/// rule, custom user data, the `gcm` service, then the initial-sync poll.
enum RealmCoreAdminSetup {
    static let functionNames = ["updateUserData", "sumFunc", "confirmFunc", "authFunc", "resetFunc"]

    static func source(of name: String, database: String) -> String {
        switch name {
        case "updateUserData": RealmCoreTestAppTests.updateUserData(database: database)
        case "sumFunc": RealmCoreTestAppTests.sumFunc
        case "confirmFunc": RealmCoreTestAppTests.confirmFunc
        case "authFunc": RealmCoreTestAppTests.authFunc
        default: RealmCoreTestAppTests.resetFunc
        }
    }

    /// Makes the app on `server` as the harness does; throws on the first answer the harness
    /// would stop at.
    static func createApp(on server: AdminTestServer, databaseName: String = "test_data_6560f0a1eeeeeeeeeeeeeeee") async throws -> RealmCoreAdminApp {
        var admin = try await RealmCoreAdminHarness.login(server)
        let created = try await admin.json(.post, "", ["name": "test"])
        let (appId, clientAppId) = (try field(created, "_id"), try field(created, "client_app_id"))

        var functionIds: [String: String] = [:]
        for name in functionNames {
            let made = try await admin.json(.post, "\(appId)/functions", [
                "name": .string(name), "private": false, "can_evaluate": .emptyObject, "source": .string(source(of: name, database: databaseName)),
            ])
            functionIds[name] = try field(made, "_id")
        }

        let providers = "\(appId)/auth_providers"
        try await admin.json(.post, providers, ["type": "anon-user"])
        try await admin.json(.post, providers, [
            "type": "local-userpass",
            "config": [
                "autoConfirm": false, "confirmEmailSubject": "", "emailConfirmationUrl": "http://localhost/confirmEmail", "resetPasswordSubject": "",
                "resetPasswordUrl": "http://localhost/resetPassword", "confirmationFunctionName": "confirmFunc",
                "confirmationFunctionId": .string(functionIds["confirmFunc"] ?? ""), "runConfirmationFunction": true, "resetFunctionName": "resetFunc",
                "resetFunctionId": .string(functionIds["resetFunc"] ?? ""), "runResetFunction": true,
            ],
        ])
        try await admin.json(.post, providers, [
            "type": "custom-function", "config": ["authFunctionName": "authFunc", "authFunctionId": .string(functionIds["authFunc"] ?? "")],
        ])
        let all = try await admin.json(.get, providers)
        guard let apiKey = all.arrayValue?.first(where: { $0["type"] == "api-key" }) else { throw Missing(what: "an api-key provider in \(all.compactText)") }
        let enabled = try await admin.raw(.put, "\(providers)/\(try field(apiKey, "_id"))/enable")
        guard (200..<300).contains(enabled.status) else { throw RealmCoreAdminHarness.Failed(call: "PUT enable", response: enabled) }

        let secrets = "\(appId)/secrets"
        try await admin.json(.post, secrets, ["name": "BackingDB_uri", "value": .string(RealmCoreAdminHarness.mongoURI)])
        try await admin.json(.post, secrets, ["name": "gcm", "value": "gcm"])
        try await admin.json(.post, secrets, ["name": "customTokenKey", "value": .string(RealmCoreAdminHarness.customTokenKey)])

        try await admin.json(.post, providers, [
            "type": "custom-token",
            "config": ["audience": [], "signingAlgorithm": "HS256", "useJWKURI": false],
            "secret_config": ["signingKeys": ["customTokenKey"]],
            "disabled": false,
            "metadata_fields": [
                ["required": false, "name": "user_data.name", "field_name": "name"],
                ["required": true, "name": "user_data.occupation", "field_name": "occupation"],
                ["required": true, "name": "my_metadata.name", "field_name": "anotherName"],
            ],
        ])

        let services = "\(appId)/services"
        let syncConfig: JSONValue = [
            "database_name": .string(databaseName),
            "partition": ["key": "realm_id", "type": "string", "required": false, "permissions": ["read": true, "write": true]],
        ]
        let mongo = try await admin.json(.post, services, [
            "name": "BackingDB", "type": "mongodb", "config": ["uri": .string(RealmCoreAdminHarness.mongoURI), "sync": syncConfig],
        ])
        let serviceId = try field(mongo, "_id")
        try await admin.json(.post, "\(services)/\(serviceId)/default_rule", ["roles": [defaultRole]])

        try await createSchemas(&admin, appId: appId, database: databaseName)

        var enabledSync = syncConfig.objectValue ?? [:]
        enabledSync["state"] = "enabled"
        enabledSync["is_recovery_mode_disabled"] = false
        try await admin.json(.patch, "\(services)/\(serviceId)/config", ["sync": .object(enabledSync)])
        try await admin.json(.put, "\(appId)/sync/config", ["development_mode_enabled": false])
        try await admin.json(.post, "\(services)/\(serviceId)/rules", [
            "database": .string(databaseName), "collection": "UserData", "roles": [defaultRole],
        ])
        try await admin.json(.patch, "\(appId)/custom_user_data", [
            "mongo_service_id": .string(serviceId), "enabled": true, "database_name": .string(databaseName), "collection_name": "UserData",
            "user_id_field": "user_id",
        ])
        try await admin.json(.post, services, [
            "name": "gcm", "type": "gcm", "config": ["senderId": "gcm"], "secret_config": ["apiKey": "gcm"], "version": 1,
        ])

        // The schema has top-level types, so the harness waits (60 s, every second) for this.
        let progress = try await admin.json(.get, "\(appId)/sync/progress")
        guard isInitialSyncComplete(progress) else { throw Missing(what: "a complete initial sync in \(progress.compactText)") }
        return RealmCoreAdminApp(clientAppId: clientAppId, serverAppId: appId, mongoServiceId: serviceId, databaseName: databaseName, harness: admin)
    }

    /// `is_initial_sync_complete` for partition sync: a non-empty `progress` object whose
    /// every entry has `complete: true`.
    static func isInitialSyncComplete(_ progress: JSONValue) -> Bool {
        guard let entries = progress["progress"]?.objectValue, !entries.isEmpty else { return false }
        return entries.values.allSatisfy { $0["complete"] == .bool(true) }
    }

    /// `transform_service_role({"default"})`: every permission granted.
    static let defaultRole: JSONValue = [
        "name": "default", "apply_when": .emptyObject, "document_filters": ["read": true, "write": true], "read": true, "write": true,
        "insert": true, "delete": true,
    ]

    /// `create_schema` without a draft: read what is there, post each type with only its
    /// primary and partition keys, then put each whole.
    private static func createSchemas(_ admin: inout RealmCoreAdminHarness, appId: String, database: String) async throws {
        let schemas = "\(appId)/schemas"
        let current = try await admin.json(.get, schemas)
        guard current.arrayValue?.isEmpty == true else { throw Missing(what: "no schemas yet in \(current.compactText)") }
        var ids: [(String, String)] = []
        for type in RealmCoreSchema.types {
            let made = try await admin.json(.post, schemas, type.baasSchema(database: database, keysOnly: true))
            ids.append((type.name, try field(made, "_id")))
        }
        for (name, id) in ids {
            guard let type = RealmCoreSchema.types.first(where: { $0.name == name }) else { continue }
            var whole = type.baasSchema(database: database, keysOnly: false).objectValue ?? [:]
            whole["_id"] = .string(id)
            try await admin.json(.put, "\(schemas)/\(id)", .object(whole))
        }
    }

    struct Missing: Error, CustomStringConvertible {
        let what: String
        var description: String { "the harness expected \(what)" }
    }

    static func field(_ json: JSONValue, _ key: String) throws -> String {
        guard let value = json[key]?.stringValue else { throw Missing(what: "'\(key)' in \(json.compactText)") }
        return value
    }
}

/// `get_default_schema()` (Dog, Cat, Person, partitioned on `realm_id`) as `BaasRuleBuilder`
/// writes each type for the Admin API.
struct RealmCoreSchema {
    struct Property {
        let name: String
        let bsonType: String
        var nullable = false
        var listOf: String? = nil
    }

    let name: String
    let properties: [Property]

    static let types = [
        RealmCoreSchema(name: "Dog", properties: [
            Property(name: "_id", bsonType: "objectId", nullable: true), Property(name: "breed", bsonType: "string", nullable: true),
            Property(name: "name", bsonType: "string"), Property(name: "realm_id", bsonType: "string", nullable: true),
        ]),
        RealmCoreSchema(name: "Cat", properties: [
            Property(name: "_id", bsonType: "string", nullable: true), Property(name: "breed", bsonType: "string", nullable: true),
            Property(name: "name", bsonType: "string"), Property(name: "realm_id", bsonType: "string", nullable: true),
        ]),
        RealmCoreSchema(name: "Person", properties: [
            Property(name: "_id", bsonType: "objectId", nullable: true), Property(name: "age", bsonType: "long"),
            Property(name: "dogs", bsonType: "objectId", listOf: "Dog"), Property(name: "firstName", bsonType: "string"),
            Property(name: "lastName", bsonType: "string"), Property(name: "realm_id", bsonType: "string", nullable: true),
        ]),
    ]

    /// `object_schema_to_baas_schema`: `keysOnly` keeps `_id` and the partition key, as the
    /// first pass does; links become relationships to the target's primary key.
    func baasSchema(database: String, keysOnly: Bool) -> JSONValue {
        var properties = JSONObject()
        var required: [JSONValue] = []
        var relationships = JSONObject()
        for property in self.properties where !keysOnly || property.name == "_id" || property.name == "realm_id" {
            if let target = property.listOf {
                properties[property.name] = ["bsonType": "array", "items": ["bsonType": .string(property.bsonType)]]
                relationships[property.name] = [
                    "ref": .string("#/relationship/BackingDB/\(database)/\(target)"), "foreign_key": "_id", "is_list": true,
                ]
            } else {
                properties[property.name] = ["bsonType": .string(property.bsonType)]
                if !property.nullable { required.append(.string(property.name)) }
            }
        }
        return [
            "schema": ["properties": .object(properties), "required": .array(required), "title": .string(name)],
            "metadata": ["database": .string(database), "collection": .string(name), "data_source": "BackingDB"],
            // The builder's relationships start as JSON null and stay so when a type links nothing.
            "relationships": relationships.isEmpty ? .null : .object(relationships),
        ]
    }
}
