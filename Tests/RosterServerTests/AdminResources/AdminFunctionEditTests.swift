import Foundation
import RosterAdminAPI
import RosterAppModel
import RosterWire
import Testing

/// Functions through the Admin API, as realm-core's suite and the app importer make them.
@Suite struct AdminFunctionEditTests {
    let sum = #"{"name": "sumFunc", "private": false, "can_evaluate": {}, "source": "exports = function(...args) { return 1; };"}"#

    @Test func aFunctionAsRealmCoreSendsItIsMadeAndShownBack() throws {
        var app = AppModel(name: "test", appId: "test-abcde")
        let id = AdminEdit.ids[0]
        try AdminEdit.apply(try AdminEdit.body(AdminFunction.self, sum).create(id: id), to: &app)
        #expect(app.functions == [AppFunction(name: "sumFunc", source: "exports = function(...args) { return 1; };", id: id)])
        let shown = try AdminFunction.find(id: id, in: app)
        #expect(shown.id == id && shown.name == "sumFunc" && shown.isPrivate == false && shown.canEvaluate == .emptyObject)
        #expect(shown.lastModified == 0x6560_f0a1)
        let listed = try JSONValue(parsing: try WireCoding.encode([shown.summary]))
        #expect(listed == [["_id": .string(id), "name": "sumFunc", "private": false, "last_modified": .int(0x6560_f0a1)]])
    }

    @Test func aSecondFunctionOfTheSameNameIsRefusedAndChangesNothing() throws {
        var app = AppModel(name: "test", appId: "test-abcde")
        try AdminEdit.apply(try AdminEdit.body(AdminFunction.self, sum).create(id: AdminEdit.ids[0]), to: &app)
        let before = app
        AdminEdit.expectRefusal(409, "FunctionDuplicateName", containing: "'sumFunc'") {
            try AdminEdit.apply(try AdminEdit.body(AdminFunction.self, sum).create(id: AdminEdit.ids[1]), to: &app)
        }
        #expect(app == before)
    }

    @Test func whatIsMissingOrWrongIsNamed() {
        AdminEdit.expectRefusal(400, "MissingParameter", containing: "'source'") {
            _ = try AdminEdit.body(AdminFunction.self, #"{"name": "f"}"#).create(id: AdminEdit.ids[0])
        }
        AdminEdit.expectRefusal(400, "MissingParameter", containing: "'name'") {
            _ = try AdminEdit.body(AdminFunction.self, #"{"source": "exports = 1"}"#)
        }
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'private'") {
            _ = try AdminEdit.body(AdminFunction.self, #"{"name": "f", "source": "x", "private": "yes"}"#)
        }
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'name'") {
            _ = try AdminEdit.body(AdminFunction.self, #"{"name": "two words", "source": "x"}"#).create(id: AdminEdit.ids[0])
        }
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'can_evaluate.owner' names a document field") {
            _ = try AdminEdit.body(AdminFunction.self, #"{"name": "f", "source": "x", "can_evaluate": {"owner": "a"}}"#).create(id: AdminEdit.ids[0])
        }
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'can_evaluate.%%args.0'") {
            _ = try AdminEdit.body(AdminFunction.self, #"{"name": "f", "source": "x", "can_evaluate": {"%%args.0": 1}}"#).create(id: AdminEdit.ids[0])
        }
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'can_evaluate'") {
            _ = try AdminEdit.body(AdminFunction.self, #"{"name": "f", "source": "x", "can_evaluate": "yes"}"#).create(id: AdminEdit.ids[0])
        }
    }

    @Test func aConditionOnCallersIsKeptAndShownBack() throws {
        var app = AppModel(name: "test", appId: "test-abcde")
        let body = #"{"name": "f", "source": "x", "can_evaluate": {"%%user.data.email": {"%in": ["ann@example.com"]}}}"#
        try AdminEdit.apply(try AdminEdit.body(AdminFunction.self, body).create(id: AdminEdit.ids[0]), to: &app)
        let condition: JSONValue = ["%%user.data.email": ["%in": ["ann@example.com"]]]
        #expect(app.functions.map(\.canEvaluate) == [condition])
        #expect(try AdminFunction.find(id: AdminEdit.ids[0], in: app).canEvaluate == condition)
    }

    @Test func aRenameIsFollowedByTheProviderThatCallsIt() throws {
        var app = AppModel(name: "test", appId: "test-abcde")
        try AdminEdit.apply(try AdminEdit.body(AdminFunction.self, #"{"name": "authFunc", "source": "exports = (p) => p.id"}"#).create(id: AdminEdit.ids[0]), to: &app)
        app.providers = [AppProvider(kind: .customFunction, settings: .customFunction(authFunctionName: "authFunc"))]
        let renamed = try AdminEdit.body(AdminFunction.self, #"{"name": "login", "source": "exports = (p) => p.id", "run_as_system": true}"#)
        try AdminEdit.apply(try renamed.update(id: AdminEdit.ids[0]), to: &app)
        #expect(app.functions.map(\.name) == ["login"] && app.functions[0].runAsSystem && app.functions[0].id == AdminEdit.ids[0])
        #expect(app.providers[0].settings == .customFunction(authFunctionName: "login"))
    }

    @Test func aFunctionInUseIsNotDeletedAndOneUnknownIsNotFound() throws {
        var app = AppModel(name: "test", appId: "test-abcde")
        try AdminEdit.apply(try AdminEdit.body(AdminFunction.self, sum).create(id: AdminEdit.ids[0]), to: &app)
        app.customUserData = AppCustomUserData(service: "db", database: "d", collection: "c", userIdField: "u", onUserCreationFunctionName: "sumFunc")
        AdminEdit.expectRefusal(400, "FunctionInvalid", containing: "custom user data") {
            try AdminEdit.apply(AdminFunction.delete(id: AdminEdit.ids[0]), to: &app)
        }
        #expect(app.functions.count == 1)
        app.customUserData = nil
        try AdminEdit.apply(AdminFunction.delete(id: AdminEdit.ids[0]), to: &app)
        #expect(app.functions.isEmpty)
        AdminEdit.expectRefusal(404, "FunctionNotFound", containing: AdminEdit.ids[0]) {
            try AdminEdit.apply(AdminFunction.delete(id: AdminEdit.ids[0]), to: &app)
        }
    }

    @Test func aFunctionFromAnAppDirectoryHasAnIdThatStaysTheSame() throws {
        let app = AppModel(name: "test", appId: "test-abcde", functions: [AppFunction(name: "hello", source: "exports = () => 1")])
        let id = AdminFunction(app.functions[0]).id ?? ""
        #expect(AdminObjectID.isValid(id) && id == AdminFunction(app.functions[0]).id)
        #expect(try AdminFunction.find(id: id, in: app).name == "hello")
        #expect(AdminObjectID.derived(kind: "function", name: "hello") != AdminObjectID.derived(kind: "function", name: "hellp"))
    }
}
