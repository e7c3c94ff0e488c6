import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServerCore

/// A rule Roster cannot evaluate is refused at start, naming the file, the key and the reason,
/// from an app directory and from the app configuration alike; good roles read from JSON as
/// App Services writes them and back.
@Suite struct RuleRefusalTests {
    @Test func aRuleFileWithAFunctionCallIsRefusedWithFileKeyAndReason() throws {
        let root = try AppDirectoryFixtures.copy("store-app")
        try AppDirectoryFixtures.write(
            #"{"database": "StoreDemo", "collection": "Notes", "roles": [{"name": "r", "apply_when": {"%%true": {"%function": {"name": "isAuthorizedUser"}}}}]}"#,
            to: "data_sources/mongodb-atlas/StoreDemo/Notes/rules.json", in: root)
        let error = try #require(AppDirectoryFixtures.refusal(root))
        #expect(error.file == "data_sources/mongodb-atlas/StoreDemo/Notes/rules.json")
        #expect(error.key == "roles.0.apply_when.%%true.%function", "\(error)")
        #expect(error.reason.hasPrefix("'%function' is not served in rule expressions"), "\(error)")
    }

    @Test func aDefaultRuleWithAnUnknownExpansionIsRefused() throws {
        let root = try AppDirectoryFixtures.copy("store-app")
        try AppDirectoryFixtures.write(
            #"{"roles": [{"name": "r", "apply_when": {}, "document_filters": {"read": {"owner": "%%partition"}}, "read": true}]}"#,
            to: "data_sources/mongodb-atlas/default_rule.json", in: root)
        let error = try #require(AppDirectoryFixtures.refusal(root))
        #expect(error.file == "data_sources/mongodb-atlas/default_rule.json")
        #expect(error.key == "roles.0.document_filters.read.owner", "\(error)")
        #expect(error.reason.contains("'%%partition' is not served"), "\(error)")
    }

    @Test func theConfigurationSaysRolesAsRulesJSONDoesAndRefusesBadOnes() throws {
        let good = #"""
            {"appId": "shop", "rules": [{"database": "shop", "collection": "items", "roles": [
              {"name": "owner", "apply_when": {"owner_id": "%%user.id"}, "document_filters": {"read": true, "write": {"owner_id": "%%user.id"}},
               "read": true, "insert": true, "fields": {"name": {"write": true}}, "additional_fields": {"read": true}}]}],
             "defaultRule": {"roles": [{"name": "reader", "apply_when": {}, "read": true}]}}
            """#
        let config = try JSONDecoder().decode(AppConfig.self, from: Data(good.utf8))
        try config.validate(source: "app.json")
        let role = try #require(config.rules.first?.explicitRoles?.first)
        #expect(role.writeFilter == ["owner_id": "%%user.id"] && role.fields == ["name": ["write": true]])
        #expect(config.defaultRule?.roles.first?.name == "reader")
        let encoded = try JSONValue(parsing: JSONEncoder().encode(role))
        #expect(encoded["document_filters"] == ["read": true, "write": ["owner_id": "%%user.id"]] && encoded["apply_when"] == ["owner_id": "%%user.id"])
        #expect(try JSONDecoder().decode(AppRole.self, from: JSONEncoder().encode(role)) == role)

        let bad = good.replacingOccurrences(of: #""insert": true"#, with: #""insert": {"%%user.id": {"%stringToOid": "x"}}"#)
        let refused = try JSONDecoder().decode(AppConfig.self, from: Data(bad.utf8))
        #expect(throws: AppConfigError.invalid(
            path: "app.json",
            reason: "the rule for shop.items, key 'roles.0.insert.%%user.id.%stringToOid': '%stringToOid' is not served in rule expressions (served: $eq, $exists, $gt, $gte, $in, $lt, $lte, $ne, $nin, each also written with %)")
        ) { try refused.validate(source: "app.json") }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AppRole.self, from: Data(#"{"name": "r", "apply_wen": {}}"#.utf8))
        }
    }
}
