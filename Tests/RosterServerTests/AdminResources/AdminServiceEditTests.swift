import Foundation
import RosterAdminAPI
import RosterAppModel
import RosterWire
import Testing

/// Services, their config, default rule and rules, schemas and custom user data through the
/// Admin API, as realm-core's suite sets them up.
@Suite struct AdminServiceEditTests {
    let mongo = #"{"name": "BackingDB", "type": "mongodb", "config": {"uri": "mongodb://localhost:26000", "sync": {"database_name": "test_data", "partition": {"key": "realm_id", "type": "string", "required": false, "permissions": {"read": true, "write": true}}}}}"#
    let role = #"{"name": "default", "apply_when": {}, "document_filters": {"read": true, "write": true}, "read": true, "write": true, "insert": true, "delete": true}"#

    func appWithServices() throws -> AppModel {
        var app = AppModel(name: "test", appId: "test-abcde")
        try AdminEdit.apply(try AdminEdit.body(AdminService.self, mongo).create(id: AdminEdit.ids[0]), to: &app)
        let gcm = #"{"name": "gcm", "type": "gcm", "config": {"senderId": "gcm"}, "secret_config": {"apiKey": "gcm"}, "version": 1}"#
        try AdminEdit.apply(try AdminEdit.body(AdminService.self, gcm).create(id: AdminEdit.ids[1]), to: &app)
        return app
    }

    @Test func anyServiceIsKeptWithItsConfigAndSyncAndListedAsRealmCoreReadsIt() throws {
        var app = try appWithServices()
        #expect(app.services.map(\.name) == ["BackingDB", "gcm"] && app.services[0].isDataSource && !app.services[1].isDataSource)
        #expect(app.services[0].config["sync"]?["database_name"] == "test_data")
        #expect(app.services[1].secretConfig == ["apiKey": "gcm"])
        let listed = try JSONValue(parsing: try WireCoding.encode(app.services.map(AdminService.init(summaryOf:))))
        #expect(listed.arrayValue?[0] == ["_id": .string(AdminEdit.ids[0]), "name": "BackingDB", "type": "mongodb", "version": 1, "last_modified": .int(0x6560_f0a1)])
        // realm-core turns sync on with a PATCH of the config's `sync` alone.
        let patch: JSONValue = ["sync": ["state": "enabled", "database_name": "test_data"]]
        try AdminEdit.apply(try AdminService.patchConfig(patch, id: AdminEdit.ids[0]), to: &app)
        #expect(app.services[0].config["sync"] == ["state": "enabled", "database_name": "test_data"])
        #expect(app.services[0].config["uri"] == "mongodb://localhost:26000")
        AdminEdit.expectRefusal(409, "ServiceAlreadyExists", containing: "'BackingDB'") {
            try AdminEdit.apply(try AdminEdit.body(AdminService.self, mongo).create(id: AdminEdit.ids[2]), to: &app)
        }
        AdminEdit.expectRefusal(400, "MissingParameter", containing: "'type'") {
            _ = try AdminEdit.body(AdminService.self, #"{"name": "x"}"#)
        }
        AdminEdit.expectRefusal(404, "ServiceNotFound", containing: AdminEdit.ids[9]) {
            _ = try AdminService.find(id: AdminEdit.ids[9], in: app)
        }
    }

    @Test func theDefaultRuleAndACollectionsRuleAreTheDataSourcesRules() throws {
        var app = try appWithServices()
        let defaultRule = try AdminEdit.body(AdminDefaultRule.self, #"{"roles": [\#(role)]}"#)
        try AdminEdit.apply(try defaultRule.set(serviceId: AdminEdit.ids[0], id: AdminEdit.ids[5], replacing: false), to: &app)
        #expect(app.rules.count == 1 && app.rules[0].service == "BackingDB" && app.rules[0].defaultRoles?.first?.ruleWords == AppRuleWords(read: .all, write: .all))
        #expect(try AdminDefaultRule.find(serviceId: AdminEdit.ids[0], in: app).id == AdminEdit.ids[5])
        AdminEdit.expectRefusal(409, "RuleAlreadyExists", containing: "'BackingDB'") {
            try AdminEdit.apply(try defaultRule.set(serviceId: AdminEdit.ids[0], id: AdminEdit.ids[6], replacing: false), to: &app)
        }
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "not a data source") {
            try AdminEdit.apply(try defaultRule.set(serviceId: AdminEdit.ids[1], id: AdminEdit.ids[6], replacing: false), to: &app)
        }
        let rule = try AdminEdit.body(AdminCollectionRule.self, #"{"database": "test_data", "collection": "UserData", "roles": [\#(role)]}"#)
        try AdminEdit.apply(try rule.create(serviceId: AdminEdit.ids[0], id: AdminEdit.ids[7]), to: &app)
        #expect(app.rules[0].collections.map(\.collection) == ["UserData"] && app.rules[0].defaultRoles != nil)
        #expect(try AdminCollectionRule.list(serviceId: AdminEdit.ids[0], in: app) == [AdminCollectionRule(id: AdminEdit.ids[7], database: "test_data", collection: "UserData")])
        AdminEdit.expectRefusal(409, "RuleAlreadyExists", containing: "'test_data.UserData'") {
            try AdminEdit.apply(try rule.create(serviceId: AdminEdit.ids[0], id: AdminEdit.ids[8]), to: &app)
        }
        AdminEdit.expectRefusal(400, "MissingParameter", containing: "'roles.0.name'") {
            _ = try AdminEdit.body(AdminCollectionRule.self, #"{"database": "d", "collection": "c", "roles": [{"name": ""}]}"#).create(serviceId: AdminEdit.ids[0], id: AdminEdit.ids[8])
        }
        try AdminEdit.apply(AdminCollectionRule.delete(serviceId: AdminEdit.ids[0], id: AdminEdit.ids[7]), to: &app)
        try AdminEdit.apply(AdminDefaultRule.delete(serviceId: AdminEdit.ids[0]), to: &app)
        #expect(app.rules.isEmpty)
    }

    @Test func customUserDataAsRealmCorePatchesIt() throws {
        var app = try appWithServices()
        let patch = try AdminEdit.body(
            AdminCustomUserData.self,
            #"{"mongo_service_id": "\#(AdminEdit.ids[0])", "enabled": true, "database_name": "test_data", "collection_name": "UserData", "user_id_field": "user_id"}"#)
        try AdminEdit.apply(patch.patch(), to: &app)
        #expect(app.customUserData == AppCustomUserData(service: "BackingDB", database: "test_data", collection: "UserData", userIdField: "user_id"))
        #expect(AdminCustomUserData(app).mongoServiceId == AdminEdit.ids[0])
        try AdminEdit.apply(AdminCustomUserData(enabled: false).patch(), to: &app)
        #expect(app.customUserData?.enabled == false && app.customUserData?.collection == "UserData")
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'mongo_service_id'") {
            try AdminEdit.apply(AdminCustomUserData(mongoServiceId: AdminEdit.ids[1]).patch(), to: &app)
        }
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'BackingDB'") {
            try AdminEdit.apply(AdminService.delete(id: AdminEdit.ids[0]), to: &app)
        }
        #expect(AdminCustomUserData(AppModel(name: "a", appId: "a-b")) == AdminCustomUserData(enabled: false))
    }

    @Test func schemasAreStoredAsWrittenAndGoWithTheirService() throws {
        var app = try appWithServices()
        let json = #"{"schema": {"properties": {"_id": {"bsonType": "objectId"}}, "required": ["_id"], "title": "Dog"}, "metadata": {"database": "test_data", "collection": "Dog", "data_source": "BackingDB"}, "relationships": {}}"#
        try AdminEdit.apply(try AdminEdit.body(AdminSchema.self, json).create(id: AdminEdit.ids[3]), to: &app)
        #expect(app.schemas.count == 1 && app.schemas[0].collection == "Dog" && app.schemas[0].schema["title"] == "Dog")
        let listed = try JSONValue(parsing: try WireCoding.encode(app.schemas.map(AdminSchema.init)))
        #expect(listed.arrayValue?[0]["metadata"]?["collection"] == "Dog" && listed.arrayValue?[0]["_id"] == .string(AdminEdit.ids[3]))
        var updated = try AdminEdit.body(AdminSchema.self, json)
        updated.schema = ["title": "Dog", "properties": [:]]
        try AdminEdit.apply(updated.update(id: AdminEdit.ids[3]), to: &app)
        #expect(app.schemas[0].schema == ["title": "Dog", "properties": [:]] && app.schemas[0].id == AdminEdit.ids[3])
        AdminEdit.expectRefusal(409, "SchemaAlreadyExists", containing: "'test_data.Dog'") {
            try AdminEdit.apply(try AdminEdit.body(AdminSchema.self, json).create(id: AdminEdit.ids[4]), to: &app)
        }
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'metadata.data_source'") {
            try AdminEdit.apply(
                try AdminEdit.body(AdminSchema.self, #"{"metadata": {"database": "d", "collection": "c", "data_source": "gcm"}}"#).create(id: AdminEdit.ids[4]),
                to: &app)
        }
        try AdminEdit.apply(AdminService.delete(id: AdminEdit.ids[0]), to: &app)
        #expect(app.schemas.isEmpty && app.services.map(\.name) == ["gcm"])
    }
}
