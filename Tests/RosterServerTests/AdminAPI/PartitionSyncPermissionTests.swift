import Foundation
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer

/// Once partition-based sync is on for a data source, its sync permissions govern every request
/// to it and its other rules do not (App Services). realm-swift's harness relies on it: its
/// partition apps give `UserData` a role with only `insert`/`delete` and no rule to anything
/// else, and its Mongo client and custom-user-data tests then read and write through the sync
/// permissions. realm-dotnet's write permission is an expression over `%%partition`.
@Suite(.timeLimit(.minutes(3))) struct PartitionSyncPermissionTests {
    struct App {
        var admin: RealmCoreAdminHarness
        let id: String
        let serviceId: String
        let client: TestServer

        var config: String { "\(id)/services/\(serviceId)/config" }

        mutating func sync(_ permissions: JSONValue?, state: String = "enabled", key: JSONValue = "realm_id") async throws -> WireResponse {
            var partition: JSONObject = ["key": key, "type": "string", "required": false]
            if let permissions { partition["permissions"] = permissions }
            return try await admin.raw(.patch, config, ["sync": ["state": .string(state), "database_name": "test_data", "partition": .object(partition)]])
        }

        func data(_ login: LoginResponse, _ name: String, _ collection: String, _ arguments: JSONObject) async -> WireResponse {
            var argument = arguments
            argument["database"] = "test_data"
            argument["collection"] = .string(collection)
            return await client.call(
                .post, Route.functionCall(appId: client.appId), json: ["name": .string(name), "service": "mongodb1", "arguments": [.object(argument)]],
                bearer: login.accessToken)
        }
    }

    /// realm-swift's `createApp` for a partition app, as far as data goes: the `mongodb1`
    /// service, `UserData`'s insert/delete-only role, `updateUserData`, custom user data.
    static func realmSwiftPartitionApp(_ kind: StoreKind) async throws -> App {
        let server = try await AdminTestServer.make(store: kind)
        var admin = try await RealmCoreAdminHarness.login(server)
        let made = try await admin.json(.post, "", ["name": "test"])
        let id = try RealmCoreAdminSetup.field(made, "_id")
        let service = try await admin.json(.post, "\(id)/services", ["name": "mongodb1", "type": "mongodb", "config": ["uri": "mongodb://localhost:26000"]])
        let serviceId = try RealmCoreAdminSetup.field(service, "_id")
        try await admin.json(.post, "\(id)/services/\(serviceId)/rules", [
            "database": "test_data", "collection": "UserData",
            "roles": [["name": "default", "apply_when": [:], "insert": true, "delete": true, "additional_fields": [:]]],
        ])
        try await admin.json(.post, "\(id)/functions", [
            "name": "updateUserData", "private": false, "can_evaluate": [:],
            "source": """
                exports = async function(data) {
                    const collection = context.services.get("mongodb1").db("test_data").collection("UserData");
                    await collection.updateOne({ user_id: context.user.id }, { $set: data }, { upsert: true });
                    return true;
                };
                """,
        ])
        try await admin.json(.patch, "\(id)/custom_user_data", [
            "mongo_service_id": .string(serviceId), "enabled": true, "database_name": "test_data", "collection_name": "UserData", "user_id_field": "user_id",
        ])
        try await admin.json(.post, "\(id)/auth_providers", ["type": "anon-user"])
        return App(admin: admin, id: id, serviceId: serviceId, client: try admin.client(of: made))
    }

    @Test(arguments: StoreKind.allCases) func syncPermissionsGovernTheServiceWhileSyncIsOnAndItsRulesAgainOnceOff(_ kind: StoreKind) async throws {
        var app = try await Self.realmSwiftPartitionApp(kind)
        let ann = try await app.client.loggedIn(.anonymous)
        // Before sync: the collection rules alone, which give Dog nothing and UserData no field to write.
        #expect(await app.data(ann, "insertOne", "Dog", ["document": ["name": "fido"]]).errorCode == "NoMatchingRuleFound")
        let before = await app.client.call(
            .post, Route.functionCall(appId: app.client.appId), json: ["name": "updateUserData", "arguments": [["colour": "green"]]], bearer: ann.accessToken)
        #expect(before.status == 400 && before.errorMessage?.contains("role 'default' of test_data.UserData may not write") == true)

        #expect(try await app.sync(["read": true, "write": true]).status == 204)
        let inserted = await app.data(ann, "insertOne", "Dog", ["document": ["name": "fido", "realm_id": "foo"]])
        #expect(inserted.status == 200 && inserted.json?["insertedId"] != nil, "\(String(decoding: inserted.body, as: UTF8.self))")
        #expect(await app.data(ann, "findOne", "Dog", ["query": ["name": "fido"]]).json?["realm_id"] == "foo")
        let after = await app.client.call(
            .post, Route.functionCall(appId: app.client.appId), json: ["name": "updateUserData", "arguments": [["colour": "green"]]], bearer: ann.accessToken)
        #expect(after.status == 200 && after.json == true, "\(String(decoding: after.body, as: UTF8.self))")
        let refreshed = try await app.client.call(.post, Route.session, bearer: ann.refreshToken).decoded(SessionResponse.self)
        #expect(try UnverifiedJWT.claims(AccessTokenClaims.self, of: refreshed.accessToken).userData?["colour"] == "green")

        // realm-kotlin's pauseSync: `{"sync": {"state": "disabled"}}`; the collection rules stand again.
        #expect(try await app.admin.raw(.patch, app.config, ["sync": ["state": "disabled"]]).status == 204)
        #expect(await app.data(ann, "findOne", "Dog", ["query": ["name": "fido"]]).errorCode == "NoMatchingRuleFound")
    }

    /// realm-dotnet's partition permissions: anyone reads, no one writes the partition
    /// "read-only". `%%partition` is each document's `realm_id`.
    @Test(arguments: StoreKind.allCases) func aPermissionOverThePartitionIsTheDocumentsPartitionKey(_ kind: StoreKind) async throws {
        var app = try await Self.realmSwiftPartitionApp(kind)
        let ann = try await app.client.loggedIn(.anonymous)
        #expect(try await app.sync(["read": true, "write": true]).status == 204)
        #expect(await app.data(ann, "insertOne", "foos", ["document": ["_id": 1, "realm_id": "read-only", "longValue": 1]]).status == 200)
        #expect(try await app.sync(["read": true, "write": ["%%partition": ["$ne": "read-only"]]]).status == 204)

        #expect(await app.data(ann, "insertOne", "foos", ["document": ["_id": 2, "realm_id": "mine", "longValue": 2]]).status == 200)
        let refused = await app.data(ann, "insertOne", "foos", ["document": ["_id": 3, "realm_id": "read-only", "longValue": 3]])
        #expect(refused.status == 403 && refused.errorCode == "NoMatchingRuleFound", "\(String(decoding: refused.body, as: UTF8.self))")
        let changed = await app.data(ann, "updateOne", "foos", ["query": ["_id": 1], "update": ["$set": ["longValue": 10]]])
        #expect(changed.status == 403 && changed.errorMessage == "the role 'sync' of test_data.foos may not write the field 'longValue'")
        #expect(await app.data(ann, "updateOne", "foos", ["query": ["_id": 2], "update": ["$set": ["longValue": 20]]]).json?["modifiedCount"] == 1)
        // Read permission reaches both partitions.
        let all = await app.data(ann, "find", "foos", ["query": [:], "sort": ["_id": 1]])
        #expect(all.json?.arrayValue?.compactMap { $0["longValue"] } == [1, 20], "\(String(decoding: all.body, as: UTF8.self))")

        // No read, write only on one's own partition: write implies read, so only that one shows.
        #expect(try await app.sync(["read": false, "write": ["%%partition": "mine"]]).status == 204)
        #expect(await app.data(ann, "find", "foos", ["query": [:]]).json?.arrayValue?.compactMap { $0["_id"] } == [2])
    }

    /// What cannot be served is refused by its key in the service's config, and changes nothing.
    @Test func permissionsRosterCannotServeAreRefusedByTheirKey() async throws {
        var app = try await Self.realmSwiftPartitionApp(.sqlite)
        #expect(try await app.sync(["read": true, "write": true]).status == 204)
        let function = try await app.sync(["read": ["%%true": ["%function": ["name": "canRead", "arguments": ["%%partition"]]]], "write": false])
        #expect(function.status == 400 && function.errorMessage?.contains("sync.partition.permissions.read") == true, "\(function.errorMessage ?? "")")
        let keyless = try await app.sync(["read": true, "write": ["%%partition": "mine"]], key: "")
        #expect(keyless.status == 400 && keyless.errorMessage?.contains("sync.partition.permissions.write") == true, "\(keyless.errorMessage ?? "")")
        let config = try await app.admin.json(.get, app.config)
        #expect(config["sync"]?["partition"]?["permissions"] == ["read": true, "write": true])
    }
}
