import Foundation
import RosterAppModel
import RosterWire
import Testing

/// The app model: Roster's rule words as App Services roles and back, what is not rule words
/// staying roles, the secrets an app names, and a model through JSON unchanged.
@Suite struct AppModelTests {
    static let everyWords: [AppRuleWords] = [AppAccess.none, .own, .all].flatMap { read in
        [AppAccess.none, .own, .all].map { write in
            AppRuleWords(read: read, write: write, ownerField: read == .own || write == .own ? "owner" : nil)
        }
    }

    @Test func everyRuleWordsIsARoleThatReadsBackAsTheSameWords() {
        for words in Self.everyWords {
            let rule = AppCollectionRule(database: "kiosk", collection: "notes", words: words)
            #expect(rule.ruleWords == words, "\(words)")
        }
    }

    @Test func theOwnRoleIsTheOwnerQueryOnTheUsersId() {
        let role = AppRole.words(AppRuleWords(read: .own, write: .none, ownerField: "owner"))
        #expect(role.readFilter == .object(["owner": "%%user.id"]))
        #expect(role.writeFilter == .bool(false))
        #expect(role.read == .bool(true) && role.write == .bool(false) && role.insert == .bool(false) && role.delete == .bool(false))
    }

    @Test func rolesThatSayMoreThanRuleWordsStayRoles() {
        let own = AppRole.words(AppRuleWords(read: .own, write: .own, ownerField: "owner"))
        var byStore = own
        byStore.readFilter = .object(["_id": "%%user.custom_data.storeId"])
        var whenAdmin = own
        whenAdmin.applyWhen = .object(["%%user.custom_data.admin": true])
        var insertOnly = own
        insertOnly.delete = .bool(false)
        var twoOwners = own
        twoOwners.writeFilter = .object(["author": "%%user.id"])
        var fieldRules = own
        fieldRules.fields = .object(["secret": .object(["read": false])])
        for role in [byStore, whenAdmin, insertOnly, twoOwners, fieldRules] {
            #expect(role.ruleWords == nil, "\(role)")
        }
        #expect(AppCollectionRule(database: "d", collection: "c", roles: [own, own]).ruleWords == nil)
        #expect(AppCollectionRule(database: "d", collection: "c", roles: [own], filters: [.emptyObject]).ruleWords == nil)
        #expect(AppCollectionRule(database: "d", collection: "c", roles: [own]).ruleWords == AppRuleWords(read: .own, write: .own, ownerField: "owner"))
    }

    @Test func secretNamesAreEverySecretTheAppNamesOnce() {
        let app = AppModel(
            name: "kiosk", appId: "kiosk-abcde",
            providers: [
                AppProvider(kind: .customToken, settings: .customToken(AppCustomTokenSettings()), secretConfig: ["signingKeys.0": "jwtKey"]),
                AppProvider(kind: .google, settings: .oauth(AppOAuthSettings(clientId: "id")), secretConfig: ["clientSecret": "googleSecret"]),
            ],
            services: [AppService(name: "mail", type: "http", secretConfig: ["apiKey": "jwtKey"])],
            values: [AppValue(name: "expoKey", content: .secret("expo")), AppValue(name: "plain", content: .plain("text"))])
        #expect(app.secretNames == ["expo", "googleSecret", "jwtKey"])
    }

    @Test func aModelGoesThroughJSONUnchanged() throws {
        let app = AppModel(
            name: "kiosk", appId: "kiosk-abcde", environment: "production", environmentValues: ["base": "https://kiosk.example"],
            allowedRequestOrigins: ["https://kiosk.example"],
            providers: [AppProvider(kind: .emailPassword, settings: .emailPassword(AppEmailPasswordSettings(autoConfirm: true)))],
            customUserData: AppCustomUserData(service: "mongodb-atlas", database: "kiosk", collection: "users", userIdField: "userId"),
            services: [AppService(name: "mongodb-atlas", type: "mongodb-atlas", config: ["clusterName": "Cluster0"])],
            rules: [AppServiceRules(service: "mongodb-atlas", collections: [AppCollectionRule(database: "kiosk", collection: "notes", words: AppRuleWords(read: .all, write: .none))])],
            functions: [AppFunction(name: "sum", source: "exports = (a, b) => a + b;", isPrivate: true)],
            triggers: [AppTrigger(name: "nightly", event: .scheduled(schedule: "0 0 * * *"), functionName: "sum")],
            values: [AppValue(name: "count", content: .plain(3))])
        let data = try JSONEncoder().encode(app)
        #expect(try JSONDecoder().decode(AppModel.self, from: data) == app)
    }
}
