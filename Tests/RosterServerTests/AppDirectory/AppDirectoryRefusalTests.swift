import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing

/// A bad app directory is refused at start, whole, naming the file, the key and the reason:
/// broken JSON, a key App Services does not have, a file, a folder or a nesting past its
/// budget, a function without its source.
@Suite struct AppDirectoryRefusalTests {
    @Test func brokenJSONIsRefusedNamingTheFile() throws {
        let root = try AppDirectoryFixtures.copy("store-app")
        try AppDirectoryFixtures.write(#"{"anon-user": {"type": "anon-user",}"#, to: "auth/providers.json", in: root)
        let error = try #require(AppDirectoryFixtures.refusal(root))
        #expect(error.file == "auth/providers.json")
        #expect(error.reason.hasPrefix("not valid JSON"), "\(error)")
    }

    @Test func anUnknownProviderKeyIsRefusedNamingFileKeyAndReason() throws {
        let root = try AppDirectoryFixtures.copy("store-app")
        try AppDirectoryFixtures.write(
            #"{"local-userpass": {"name": "local-userpass", "type": "local-userpass", "config": {"autoConfrim": true}}}"#,
            to: "auth/providers.json", in: root)
        let error = try #require(AppDirectoryFixtures.refusal(root))
        #expect(error.file == "auth/providers.json")
        #expect(error.key == "local-userpass.config.autoConfrim")
        #expect(error.reason.hasPrefix("unknown key (known here: autoConfirm,"), "\(error)")
        #expect(error.description.contains("auth/providers.json, key 'local-userpass.config.autoConfrim': unknown key"))
    }

    @Test func aProviderRosterDoesNotKnowIsRefused() throws {
        let root = try AppDirectoryFixtures.copy("web-test-app")
        try AppDirectoryFixtures.write(#"{"oauth2-github": {"name": "oauth2-github", "type": "oauth2-github"}}"#, to: "auth/providers.json", in: root)
        let error = try #require(AppDirectoryFixtures.refusal(root))
        #expect(error.file == "auth/providers.json" && error.key == "oauth2-github.type", "\(error)")
    }

    @Test func anIdThatIsNoObjectIdIsRefusedNamingFileAndKey() throws {
        let root = try AppDirectoryFixtures.copy("store-app")
        try AppDirectoryFixtures.write(#"{"name": "storeName", "value": "Kiosk", "id": "kiosk-1"}"#, to: "values/storeName.json", in: root)
        let error = try #require(AppDirectoryFixtures.refusal(root))
        #expect(error.file == "values/storeName.json" && error.key == "id", "\(error)")
        #expect(error.reason == "must be 24 hexadecimal digits (an ObjectId)")
    }

    @Test func twoValuesUnderOneIdAreRefused() throws {
        let root = try AppDirectoryFixtures.copy("store-app")
        for name in ["aName", "bName"] {
            try AppDirectoryFixtures.write(
                #"{"name": "\#(name)", "value": 1, "id": "6570a1b2c3d4e5f607182930"}"#, to: "values/\(name).json", in: root)
        }
        let error = try #require(AppDirectoryFixtures.refusal(root))
        #expect(error.file == "values" && error.key == "bName", "\(error)")
        #expect(error.reason == "its id 6570a1b2c3d4e5f607182930 is the id of 'aName' too")
    }

    @Test func aRoleKeyAppServicesDoesNotHaveIsRefused() throws {
        let root = try AppDirectoryFixtures.copy("store-app")
        try AppDirectoryFixtures.write(
            #"{"database": "StoreDemo", "collection": "Notes", "roles": [{"name": "r", "apply_when": {}, "raed": true}]}"#,
            to: "data_sources/mongodb-atlas/StoreDemo/Notes/rules.json", in: root)
        let error = try #require(AppDirectoryFixtures.refusal(root))
        #expect(error.file == "data_sources/mongodb-atlas/StoreDemo/Notes/rules.json")
        #expect(error.key == "roles.0.raed", "\(error)")
    }

    @Test func aFileOverTheBudgetIsRefusedBeforeItIsRead() throws {
        let root = try AppDirectoryFixtures.copy("store-app")
        let limit = AppDirectoryLimits().maxFileBytes
        try AppDirectoryFixtures.write("// " + String(repeating: "x", count: limit), to: "functions/listStores.js", in: root)
        let error = try #require(AppDirectoryFixtures.refusal(root))
        #expect(error.file == "functions/listStores.js")
        #expect(error.reason.hasPrefix("over 1 MiB"), "\(error)")
        try AppDirectoryFixtures.write("// " + String(repeating: "x", count: limit - 4), to: "functions/listStores.js", in: root)
        #expect(AppDirectoryFixtures.refusal(root) == nil, "a file of exactly the budget is read")
    }

    @Test func tooManyFilesAreRefusedWhereTheBudgetRunsOut() throws {
        let root = try AppDirectoryFixtures.copy("store-app")
        for index in 0..<40 {
            try AppDirectoryFixtures.write(#"{"name": "v\#(index)", "value": \#(index)}"#, to: "values/v\(index).json", in: root)
        }
        let error = try #require(AppDirectoryFixtures.refusal(root, limits: AppDirectoryLimits(maxEntries: 40)))
        #expect(error.file.hasPrefix("values/"), "\(error)")
        #expect(error.reason == "the directory holds more than 40 files and folders")
        #expect(AppDirectoryFixtures.refusal(root, limits: AppDirectoryLimits(maxEntries: 80)) == nil)
    }

    @Test func foldersNestedPastTheBudgetAreRefused() throws {
        let root = try AppDirectoryFixtures.copy("store-app")
        let error = try #require(AppDirectoryFixtures.refusal(root, limits: AppDirectoryLimits(maxDepth: 3)))
        #expect(error.file == "data_sources/mongodb-atlas/StoreDemo/Notes/", "\(error)")
        #expect(error.reason == "folders nest deeper than 3 levels")
    }

    @Test func aLinkIsRefused() throws {
        let root = try AppDirectoryFixtures.copy("store-app")
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("data_sources/mongodb-atlas/StoreDemo/Loop").path, withDestinationPath: root.path)
        let error = try #require(AppDirectoryFixtures.refusal(root))
        #expect(error.file == "data_sources/mongodb-atlas/StoreDemo/Loop", "\(error)")
        #expect(error.reason.hasPrefix("a link"), "\(error)")
    }

    @Test func aFunctionWithoutItsSourceIsRefused() throws {
        let root = try AppDirectoryFixtures.copy("store-app")
        try FileManager.default.removeItem(at: root.appendingPathComponent("functions/listStores.js"))
        let error = try #require(AppDirectoryFixtures.refusal(root))
        #expect(error.file == "functions/listStores.js" && error.reason.hasPrefix("missing"), "\(error)")
    }

    @Test func anUnknownConfigVersionAndAMissingRootAreRefused() throws {
        let root = try AppDirectoryFixtures.copy("store-app")
        try AppDirectoryFixtures.write(#"{"config_version": 20200603, "name": "store-app"}"#, to: "realm_config.json", in: root)
        let version = try #require(AppDirectoryFixtures.refusal(root))
        #expect(version.file == "realm_config.json" && version.key == "config_version", "\(version)")
        try FileManager.default.removeItem(at: root.appendingPathComponent("realm_config.json"))
        let missing = try #require(AppDirectoryFixtures.refusal(root))
        #expect(missing.file == "realm_config.json" && missing.reason.hasPrefix("missing"), "\(missing)")
    }

    @Test func anEnvironmentTheDirectoryDoesNotHaveIsRefused() throws {
        let error = try #require(AppDirectoryFixtures.refusal(AppDirectoryFixtures.url("store-app"), environment: "staging"))
        #expect(error.file == "environments/staging.json", "\(error)")
        #expect(error.reason == "missing: the environments are development, production")
    }

    /// App Services' older query `filters` are not served: refused at start, in a collection's
    /// rules and in the default rule alike, never dropped; so is a role with a function call.
    @Test func queryFiltersAndFunctionCallsInRulesAreRefusedNamingFileKeyAndReason() throws {
        let filters = #""filters": [{"name": "own", "apply_when": {}, "query": {"owner_id": "%%user.id"}, "projection": {}}]"#
        let root = try AppDirectoryFixtures.copy("store-app")
        try AppDirectoryFixtures.write(
            #"{"database": "StoreDemo", "collection": "Notes", "roles": [{"name": "r", "apply_when": {}, "read": true}], \#(filters)}"#,
            to: "data_sources/mongodb-atlas/StoreDemo/Notes/rules.json", in: root)
        let inRules = try #require(AppDirectoryFixtures.refusal(root))
        #expect(inRules.file == "data_sources/mongodb-atlas/StoreDemo/Notes/rules.json" && inRules.key == "filters", "\(inRules)")
        #expect(inRules.reason.hasPrefix("query filters are not served"), "\(inRules)")

        let again = try AppDirectoryFixtures.copy("store-app")
        try AppDirectoryFixtures.write(
            #"{"roles": [{"name": "r", "apply_when": {}, "read": true}], \#(filters)}"#, to: "data_sources/mongodb-atlas/default_rule.json", in: again)
        let inDefault = try #require(AppDirectoryFixtures.refusal(again))
        #expect(inDefault.file == "data_sources/mongodb-atlas/default_rule.json" && inDefault.key == "filters", "\(inDefault)")
        #expect(inDefault.reason.hasSuffix("write each as a role's document_filters"), "\(inDefault)")

        try AppDirectoryFixtures.write(
            #"{"roles": [{"name": "r", "apply_when": {}, "fields": {"price": {"read": {"%function": {"name": "canSee"}}}}}], "filters": []}"#,
            to: "data_sources/mongodb-atlas/default_rule.json", in: again)
        let function = try #require(AppDirectoryFixtures.refusal(again))
        #expect(function.file == "data_sources/mongodb-atlas/default_rule.json", "\(function)")
        #expect(function.key?.hasPrefix("roles.0.fields.price.read") == true && function.reason.contains("'%function' is not served"), "\(function)")
    }

    /// An app model holding query filters (an app made through the Admin API) is refused when
    /// it would be served.
    @Test func aModelWithQueryFiltersCannotBeServed() throws {
        var model = try AppDirectory.read(AppDirectoryFixtures.url("store-app")).model
        let index = try #require(model.rules.firstIndex { !$0.collections.isEmpty })
        model.rules[index].collections[0].filters = [["name": "own", "apply_when": [:], "query": ["owner_id": "%%user.id"]]]
        #expect(throws: AppDirectoryError.self) { _ = try model.servableApp(secrets: AppSecrets(["storeAdminKey": "k"])) }
        model.rules[index].collections[0].roles = []
        #expect(throws: AppDirectoryError.self, "filters without roles are refused too") {
            _ = try model.servableApp(secrets: AppSecrets(["storeAdminKey": "k"]))
        }
    }
}
