import Foundation
import RosterAdminAPI
import RosterAppModel
import RosterWire
import Testing

/// Triggers, `sync/config`, allowed request origins and the environment through the Admin API.
@Suite struct AdminTriggerAndSettingEditTests {
    @Test func aDatabaseTriggerNamesItsServiceAndFunctionByIdAndIsShownSo() throws {
        var app = AppModel(name: "test", appId: "test-abcde")
        try AdminEdit.apply(try AdminService(name: "mongodb-atlas", type: "mongodb-atlas").create(id: AdminEdit.ids[0]), to: &app)
        try AdminEdit.apply(try AdminFunction(name: "onChange", source: "exports = () => 1").create(id: AdminEdit.ids[1]), to: &app)
        let json = #"{"name": "watch", "type": "DATABASE", "function_id": "\#(AdminEdit.ids[1])", "config": {"service_id": "\#(AdminEdit.ids[0])", "database": "app", "collection": "items", "operation_types": ["INSERT"], "full_document": true}}"#
        try AdminEdit.apply(try AdminEdit.body(AdminTrigger.self, json).create(id: AdminEdit.ids[2]), to: &app)
        #expect(app.triggers.count == 1 && app.triggers[0].functionName == "onChange")
        #expect(app.triggers[0].event == .database(service: "mongodb-atlas", database: "app", collection: "items", operationTypes: ["INSERT"]))
        let shown = try AdminTrigger.find(id: AdminEdit.ids[2], in: app)
        #expect(shown.config?["service_id"] == .string(AdminEdit.ids[0]) && shown.config?["full_document"] == true && shown.functionId == AdminEdit.ids[1])
        AdminEdit.expectRefusal(409, "TriggerDuplicateName", containing: "'watch'") {
            try AdminEdit.apply(try AdminEdit.body(AdminTrigger.self, json).create(id: AdminEdit.ids[3]), to: &app)
        }
        AdminEdit.expectRefusal(400, "FunctionInvalid", containing: "'watch'") {
            try AdminEdit.apply(AdminFunction.delete(id: AdminEdit.ids[1]), to: &app)
        }
        AdminEdit.expectRefusal(400, "MissingParameter", containing: "'config.schedule'") {
            try AdminEdit.apply(try AdminEdit.body(AdminTrigger.self, #"{"name": "t", "type": "SCHEDULED", "function_name": "onChange"}"#).create(id: AdminEdit.ids[3]), to: &app)
        }
        AdminEdit.expectRefusal(400, "MissingParameter", containing: "'function_id'") {
            try AdminEdit.apply(try AdminEdit.body(AdminTrigger.self, #"{"name": "t", "type": "SCHEDULED", "config": {"schedule": "* * * * *"}}"#).create(id: AdminEdit.ids[3]), to: &app)
        }
        try AdminEdit.apply(AdminTrigger.delete(id: AdminEdit.ids[2]), to: &app)
        #expect(app.triggers.isEmpty)
    }

    @Test func syncConfigOriginsAndEnvironmentAreKept() throws {
        var app = AppModel(name: "test", appId: "test-abcde")
        try AdminEdit.apply(try AdminEdit.body(AdminSyncConfig.self, #"{"development_mode_enabled": true}"#).put(), to: &app)
        #expect(app.developmentModeEnabled && AdminSyncConfig(app) == AdminSyncConfig(developmentModeEnabled: true))
        try AdminEdit.apply(try AdminAppSettings.setAllowedRequestOrigins(["http://localhost:8080/"]), to: &app)
        #expect(app.allowedRequestOrigins == ["http://localhost:8080"])
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'allowed_request_origins.1'") {
            _ = try AdminAppSettings.setAllowedRequestOrigins(["https://a.example", "javascript:alert(1)"])
        }
        try AdminEdit.apply(try AdminAppSettings.Environment(environment: "production").put(), to: &app)
        #expect(app.environment == "production")
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'environment'") {
            _ = try AdminAppSettings.Environment(environment: "staging").put()
        }
    }
}
