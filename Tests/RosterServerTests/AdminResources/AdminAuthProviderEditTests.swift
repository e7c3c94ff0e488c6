import Foundation
import RosterAdminAPI
import RosterAppModel
import RosterWire
import Testing

/// Auth providers through the Admin API, as realm-core's suite and the app importer set them.
@Suite struct AdminAuthProviderEditTests {
    /// An app with realm-core's confirmation, reset and log-in functions.
    func appWithFunctions() throws -> AppModel {
        var app = AppModel(name: "test", appId: "test-abcde", providers: AdminNewApp.providers())
        for (index, name) in ["confirmFunc", "resetFunc", "authFunc"].enumerated() {
            let body = try AdminEdit.body(AdminFunction.self, #"{"name": "\#(name)", "private": false, "can_evaluate": {}, "source": "exports = () => 1"}"#)
            try AdminEdit.apply(try body.create(id: AdminEdit.ids[index]), to: &app)
        }
        return app
    }

    func create(_ json: String, id: String, in app: inout AppModel) throws {
        try AdminEdit.apply(try AdminEdit.body(AdminAuthProvider.self, json).create(id: id), to: &app)
    }

    @Test func realmCoresProvidersBecomeTheModelsAndAreShownWithTheirFunctionsIds() throws {
        var app = try appWithFunctions()
        try create(#"{"type": "anon-user"}"#, id: AdminEdit.ids[10], in: &app)
        try create(
            #"{"type": "local-userpass", "config": {"autoConfirm": false, "confirmEmailSubject": "", "emailConfirmationUrl": "http://localhost/confirmEmail", "resetPasswordSubject": "", "resetPasswordUrl": "http://localhost/resetPassword", "confirmationFunctionName": "confirmFunc", "confirmationFunctionId": "\#(AdminEdit.ids[0])", "runConfirmationFunction": true, "resetFunctionName": "resetFunc", "resetFunctionId": "\#(AdminEdit.ids[1])", "runResetFunction": true}}"#,
            id: AdminEdit.ids[11], in: &app)
        // The custom-function provider named by the function's id alone.
        try create(#"{"type": "custom-function", "config": {"authFunctionId": "\#(AdminEdit.ids[2])"}}"#, id: AdminEdit.ids[12], in: &app)
        try create(
            #"{"type": "custom-token", "config": {"audience": [], "signingAlgorithm": "HS256", "useJWKURI": false}, "secret_config": {"signingKeys": ["customTokenKey"]}, "disabled": false, "metadata_fields": [{"required": false, "name": "user_data.name", "field_name": "name"}, {"required": true, "name": "my_metadata.name", "field_name": "anotherName"}]}"#,
            id: AdminEdit.ids[13], in: &app)
        #expect(app.providers.map(\.kind) == [.apiKey, .anonymous, .emailPassword, .customFunction, .customToken])
        #expect(
            app.provider(.emailPassword)?.settings
                == .emailPassword(
                    AppEmailPasswordSettings(
                        runConfirmationFunction: true, confirmationFunctionName: "confirmFunc", runResetFunction: true, resetFunctionName: "resetFunc",
                        emailConfirmationUrl: "http://localhost/confirmEmail", resetPasswordUrl: "http://localhost/resetPassword")))
        #expect(app.provider(.customFunction)?.settings == .customFunction(authFunctionName: "authFunc"))
        let token = try #require(app.provider(.customToken))
        #expect(token.signingKeySecrets == ["customTokenKey"])
        #expect(token.metadataFields == [AppMetadataField(name: "user_data.name", fieldName: "name"), AppMetadataField(name: "my_metadata.name", fieldName: "anotherName", required: true)])
        let shown = try AdminAuthProvider.find(id: AdminEdit.ids[11], in: app)
        #expect(shown.config?["resetFunctionId"] == .string(AdminEdit.ids[1]))
        #expect(shown.config?["confirmationFunctionName"] == "confirmFunc")
        #expect(try AdminAuthProvider.find(id: AdminEdit.ids[13], in: app).secretConfig == ["signingKeys": ["customTokenKey"]])
    }

    @Test func theApiKeyProviderOfANewAppIsFoundAndEnabled() throws {
        var app = try appWithFunctions()
        let listed = app.providers.map { AdminAuthProvider($0, in: app).summary }
        let apiKey = try #require(listed.first { $0.type == "api-key" })
        #expect(apiKey.disabled == true)
        try AdminEdit.apply(AdminAuthProvider.setDisabled(false, id: try #require(apiKey.id)), to: &app)
        #expect(app.provider(.apiKey)?.disabled == false)
        try AdminEdit.apply(AdminAuthProvider.setDisabled(true, id: try #require(apiKey.id)), to: &app)
        #expect(app.provider(.apiKey)?.disabled == true)
    }

    @Test func aSecondProviderOfATypeIsRefusedAndThePatchTheImporterSendsReplacesIt() throws {
        var app = try appWithFunctions()
        try create(#"{"name": "local-userpass", "type": "local-userpass", "config": {"autoConfirm": true}}"#, id: AdminEdit.ids[10], in: &app)
        AdminEdit.expectRefusal(409, "AuthProviderAlreadyExists", containing: "local-userpass") {
            try create(#"{"type": "local-userpass"}"#, id: AdminEdit.ids[11], in: &app)
        }
        let patch = try AdminEdit.body(
            AdminAuthProvider.self,
            #"{"_id": "\#(AdminEdit.ids[10])", "name": "local-userpass", "type": "local-userpass", "config": {"autoConfirm": true, "resetFunctionName": "resetFunc", "runConfirmationFunction": false, "runResetFunction": true}, "disabled": false}"#)
        try AdminEdit.apply(patch.update(id: AdminEdit.ids[10]), to: &app)
        #expect(app.provider(.emailPassword)?.settings == .emailPassword(AppEmailPasswordSettings(autoConfirm: true, runResetFunction: true, resetFunctionName: "resetFunc")))
        #expect(app.provider(.emailPassword)?.id == AdminEdit.ids[10])
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'type'") {
            try AdminEdit.apply(try AdminEdit.body(AdminAuthProvider.self, #"{"type": "anon-user"}"#).update(id: AdminEdit.ids[10]), to: &app)
        }
    }

    @Test func whatIsWrongIsNamed() throws {
        var app = try appWithFunctions()
        let before = app
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'type'") { try create(#"{"type": "oauth2-twitter"}"#, id: AdminEdit.ids[10], in: &app) }
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'config.resetFunctionName'") {
            try create(#"{"type": "local-userpass", "config": {"runResetFunction": true, "resetFunctionName": "nope"}}"#, id: AdminEdit.ids[10], in: &app)
        }
        AdminEdit.expectRefusal(400, "MissingParameter", containing: "'config.authFunctionName'") {
            try create(#"{"type": "custom-function", "config": {}}"#, id: AdminEdit.ids[10], in: &app)
        }
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'config.autoConfirm'") {
            try create(#"{"type": "local-userpass", "config": {"autoConfirm": "yes"}}"#, id: AdminEdit.ids[10], in: &app)
        }
        AdminEdit.expectRefusal(404, "AuthProviderNotFound", containing: AdminEdit.ids[30]) {
            try AdminEdit.apply(AdminAuthProvider.setDisabled(false, id: AdminEdit.ids[30]), to: &app)
        }
        #expect(app == before)
    }
}
