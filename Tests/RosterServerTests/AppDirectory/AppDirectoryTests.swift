import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing

/// An exported app directory read into the app model, in both layouts: every part the export
/// holds, and what Roster does not serve named one line each.
@Suite struct AppDirectoryTests {
    @Test func theRealmConfigLayoutIsReadWhole() throws {
        let read = try AppDirectory.read(AppDirectoryFixtures.url("store-app"))
        let app = read.model
        #expect(app.name == "store-app")
        #expect(app.appId == "store-app-kqzvn")
        #expect(app.environment == "development")
        #expect(app.environmentValues == ["storeLabel": "Development store"])
        #expect(app.allowedRequestOrigins == ["https://store.example"])
        #expect(app.providers.map(\.kind) == [.anonymous, .apiKey, .emailPassword])
        #expect(app.provider(.apiKey)?.disabled == true)
        #expect(
            app.provider(.emailPassword)?.settings
                == .emailPassword(AppEmailPasswordSettings(autoConfirm: true, resetPasswordUrl: "https://store.example/reset")))
        #expect(
            app.customUserData
                == AppCustomUserData(
                    service: "mongodb-atlas", database: "StoreDemo", collection: "Users", userIdField: "userId",
                    onUserCreationFunctionName: "assignStore"))
        #expect(app.services.map(\.name) == ["mongodb-atlas"])
        #expect(app.services.first?.type == "mongodb-atlas")
        #expect(app.services.first?.config["clusterName"] == "Cluster0")
        let rules = try #require(app.rules.first)
        #expect(rules.service == "mongodb-atlas")
        #expect(rules.defaultRoles?.map(\.name) == ["readOnly"])
        #expect(rules.collections.map { "\($0.database).\($0.collection)" } == ["StoreDemo.Notes", "StoreDemo.Store"])
        let store = try #require(rules.collections.last)
        #expect(store.roles.first?.readFilter == .object(["_id": "%%user.custom_data.storeId"]))
        #expect(store.schema?["title"] == "Store")
        #expect(store.ruleWords == nil)
        #expect(rules.collections.first?.ruleWords == AppRuleWords(read: .own, write: .own, ownerField: "owner"))
        #expect(app.functions.map(\.name) == ["assignStore", "listStores"])
        #expect(app.function(named: "listStores")?.isPrivate == true)
        #expect(app.function(named: "listStores")?.runAsSystem == true)
        #expect(app.function(named: "assignStore")?.source?.contains("context.services.get(\"mongodb-atlas\")") == true)
        #expect(app.triggers.map(\.name) == ["onUserCreation"])
        #expect(app.triggers.first?.event == .authentication(operationType: "CREATE", providers: ["local-userpass"]))
        #expect(app.triggers.first?.functionName == "assignStore")
        #expect(app.values.sorted { $0.name < $1.name } == [
            AppValue(name: "adminKey", content: .secret("storeAdminKey")),
            AppValue(name: "greeting", content: .plain("Welcome to the store")),
        ])
        #expect(app.secretNames == ["storeAdminKey"])
        #expect(read.notServed.contains("Device Sync (sync/config.json) is not served"))
        #expect(read.notServed.contains("Schema validation (1 schema.json under data_sources/) is not served"))
    }

    @Test func theRootConfigLayoutIsReadWhole() throws {
        let read = try AppDirectory.read(AppDirectoryFixtures.url("web-test-app"))
        let app = read.model
        #expect(app.name == "web-test-app")
        #expect(app.appId == "web-test-app", "without app_id or --app-id, the id is the name")
        #expect(app.environment == nil)
        #expect(app.allowedRequestOrigins == ["http://localhost:8080"])
        let token = try #require(app.provider(.customToken))
        #expect(token.settings == .customToken(AppCustomTokenSettings(signingAlgorithm: .hs256, audience: [])))
        #expect(token.signingKeySecrets == ["jwtSigningKey"])
        #expect(token.metadataFields == [AppMetadataField(name: "mySecretField", fieldName: "secret", required: true)])
        #expect(app.provider(.customFunction)?.settings == .customFunction(authFunctionName: "customAuthentication"))
        #expect(app.provider(.customFunction)?.disabled == false)
        #expect(app.customUserData?.enabled == false)
        #expect(app.services == [AppService(name: "local-mongodb", type: "mongodb", config: ["uri": "mongodb://localhost:26000"])])
        #expect(app.rules.first?.defaultRoles?.count == 1)
        #expect(app.rules.first?.collections == [])
        #expect(app.functions.map(\.name) == ["customAuthentication", "resetPassword", "translate"])
        #expect(app.secretNames == ["jwtSigningKey"])
        #expect(read.notServed == [
            "GraphQL (graphql/) is not served",
            "Static hosting (hosting/) is not served",
            "HTTPS endpoints (http_endpoints/) are not served",
        ])
    }

    @Test func theAppIdAndTheEnvironmentCanBeChosen() throws {
        let web = try AppDirectory.read(AppDirectoryFixtures.url("web-test-app"), appId: "web-test-app-qzxyv")
        #expect(web.model.appId == "web-test-app-qzxyv")
        let store = try AppDirectory.read(AppDirectoryFixtures.url("store-app"), appId: "ignored", environment: "production")
        #expect(store.model.appId == "store-app-kqzvn", "the directory's app_id counts over --app-id")
        #expect(store.model.environment == "production")
        #expect(store.model.environmentValues == ["storeLabel": "Store"])
    }
}
