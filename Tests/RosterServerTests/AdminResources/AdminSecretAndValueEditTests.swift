import Foundation
import RosterAdminAPI
import RosterAppModel
import RosterWire
import Testing

/// Secrets and values through the Admin API: a secret's name in the model, its value never
/// shown; values plain or read from a secret.
@Suite struct AdminSecretAndValueEditTests {
    @Test func aSecretIsListedByNameAndIdAndNeverByValue() throws {
        var app = AppModel(name: "test", appId: "test-abcde")
        let secret = try AdminEdit.body(AdminSecret.self, #"{"name": "customTokenKey", "value": "My_very_confidential_secretttttt"}"#)
        try AdminEdit.apply(try secret.create(id: AdminEdit.ids[0]), to: &app)
        #expect(app.secrets == [AppSecret(name: "customTokenKey", id: AdminEdit.ids[0])])
        let listed = String(decoding: try WireCoding.encode(AdminSecret.list(app)), as: UTF8.self)
        #expect(listed == #"[{"_id":"\#(AdminEdit.ids[0])","name":"customTokenKey"}]"#)
        AdminEdit.expectRefusal(409, "SecretAlreadyExists", containing: "'customTokenKey'") {
            try AdminEdit.apply(try secret.create(id: AdminEdit.ids[1]), to: &app)
        }
        AdminEdit.expectRefusal(400, "MissingParameter", containing: "'value'") {
            _ = try AdminEdit.body(AdminSecret.self, #"{"name": "other"}"#).create(id: AdminEdit.ids[1])
        }
        let tooLong = String(repeating: "x", count: AdminSecret.maxValueBytes + 1)
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'value'") {
            _ = try AdminSecret(name: "big", value: tooLong).create(id: AdminEdit.ids[1])
        }
    }

    @Test func valuesArePlainOrReadFromASecretAndASecretInUseStays() throws {
        var app = AppModel(name: "test", appId: "test-abcde")
        try AdminEdit.apply(try AdminSecret(name: "apiToken", value: "t").create(id: AdminEdit.ids[0]), to: &app)
        try AdminEdit.apply(try AdminEdit.body(AdminValue.self, #"{"name": "dummyValue", "value": "whatever"}"#).create(id: AdminEdit.ids[1]), to: &app)
        try AdminEdit.apply(
            try AdminEdit.body(AdminValue.self, #"{"name": "token", "value": "apiToken", "from_secret": true, "private": true}"#).create(id: AdminEdit.ids[2]),
            to: &app)
        #expect(app.values == [
            AppValue(name: "dummyValue", content: .plain("whatever"), id: AdminEdit.ids[1]),
            AppValue(name: "token", content: .secret("apiToken"), isPrivate: true, id: AdminEdit.ids[2]),
        ])
        #expect(try AdminValue.find(id: AdminEdit.ids[2], in: app) == AdminValue(id: AdminEdit.ids[2], name: "token", value: "apiToken", isPrivate: true, fromSecret: true))
        AdminEdit.expectRefusal(409, "ValueDuplicateName", containing: "'token'") {
            try AdminEdit.apply(try AdminEdit.body(AdminValue.self, #"{"name": "token", "value": 1}"#).create(id: AdminEdit.ids[3]), to: &app)
        }
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'value'") {
            _ = try AdminEdit.body(AdminValue.self, #"{"name": "t2", "value": 5, "from_secret": true}"#).create(id: AdminEdit.ids[3])
        }
        AdminEdit.expectRefusal(400, "InvalidParameter", containing: "'apiToken'") {
            try AdminEdit.apply(AdminSecret.delete(id: AdminEdit.ids[0]), to: &app)
        }
        #expect(app.secrets.count == 1)
        // A renamed secret is followed by the value that reads it.
        try AdminEdit.apply(try AdminSecret(name: "token2", value: "t").update(id: AdminEdit.ids[0]), to: &app)
        #expect(app.values[1].content == .secret("token2") && app.secrets.map(\.name) == ["token2"])
        try AdminEdit.apply(AdminValue.delete(id: AdminEdit.ids[2]), to: &app)
        try AdminEdit.apply(AdminSecret.delete(id: AdminEdit.ids[0]), to: &app)
        #expect(app.secrets.isEmpty && app.values.map(\.name) == ["dummyValue"])
    }
}
