import Foundation
import GRDB
import RosterAppModel
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterPostgres
@testable import RosterServer
@testable import RosterServerCore

/// Deleting an app through the Admin API takes everything of it from the database, on both
/// stores (`AppDeletionRule`): its users, identities, sessions, keys, email accounts and tokens,
/// documents, change log, trigger events, device and web sign-ins, and the app. Its tokens are
/// refused at once on every server over the database; another app keeps every row.
@Suite struct AdminAppDeletionTests {
    /// Tables that keep what names a deleted app, and why: the audit is the record of what
    /// happened, the deletion among it.
    static let kept: Set<String> = ["audit"]

    struct Made {
        let app: HostedApp
        let login: LoginResponse
    }

    /// An app with a row of every kind: an email/password user logged in with an API key, an
    /// unlock key, a reset token and a failed log-in, a document with its change and owner
    /// field, a trigger event, a function run, a device log-in and a web sign-in.
    func appWithEverything(_ t: AdminTestServer, store: any ServerStore, in groupId: String, name: String) async throws -> Made {
        let app = try await t.apps.edit(try await t.apps.create(name: name, product: nil, in: groupId).id, in: groupId) { model in
            model.providers = [
                AppProvider(kind: .emailPassword, settings: .emailPassword(AppEmailPasswordSettings(autoConfirm: true))),
                AppProvider(kind: .apiKey),
            ]
        }
        let appId = app.clientAppId
        let credentials: JSONValue = ["email": "ann@example.com", "password": "pa55word!"]
        #expect(await t.call(.post, Route.emailPassword(appId: appId, .register), json: credentials).status == 201)
        let response = await t.call(.post, Route.login(appId: appId, provider: .emailPassword), json: ["username": "ann@example.com", "password": "pa55word!"])
        let login = try WireCoding.decode(LoginResponse.self, from: response.body)
        #expect(await t.call(.post, Route.apiKeys, json: ["name": "laptop"], bearer: login.refreshToken).status == 201)
        let proof: JSONValue = ["proof_digest": .string(Data(repeating: 7, count: 32).base64EncodedString())]
        #expect(await t.call(.post, Route.unlockKeys, json: proof, bearer: login.refreshToken).status == 201)
        #expect(await t.call(.post, Route.emailPassword(appId: appId, .resetSend), json: ["email": "ann@example.com"]).status == 204)
        #expect(await t.call(.post, Route.login(appId: appId, provider: .emailPassword), json: ["username": "ann@example.com", "password": "wrong"]).status == 401)

        let scope = DocumentScope(appId: appId, database: "db", collection: "notes")
        let note = DocumentRecord(appId: appId, database: "db", collection: "notes", id: "note-1", body: #"{"_id":"note-1","owner":"ann"}"#)
        #expect(try await store.applyDocumentWrites(scope, expecting: [:], DocumentWrites(inserts: [note])))
        try await store.indexOwners(OwnerField(appId: appId, database: "db", collection: "notes", field: "owner"))
        let now = t.clock.now
        #expect(try await store.enqueueTriggerEvents([TriggerEventRecord(appId: appId, trigger: "onNote", key: "note-1", event: "{}", notBefore: now, createdAt: now)]) == 1)
        try await store.appendFunctionRuns([
            FunctionRunRecord(id: "run-\(appId)", appId: appId, type: "FUNCTION", functionName: "greet", startedAt: now, completedAt: now)
        ])
        let device = DeviceAuthorizationRecord(
            id: "device-\(appId)", appId: appId, codeDigest: "digest-\(appId)", userCode: String(appId.suffix(8)), startedAt: now,
            expiresAt: now.addingTimeInterval(600), intervalSeconds: 5, state: .pending)
        #expect(try await store.insertDeviceAuthorization(device))
        try await store.insertWebSignIn(
            WebSignInRecord(
                stateDigest: "state-\(appId)", appId: appId, provider: "oauth2-google", purpose: "login", codeVerifier: "verifier", nonce: "nonce",
                callback: "http://localhost/callback", createdAt: now, expiresAt: now.addingTimeInterval(600), used: false), now: now)
        return Made(app: app, login: login)
    }

    @Test(arguments: StoreKind.allCases) func nothingOfADeletedAppRemainsAndItsTokensStopOnEveryServer(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, admin) = try await t.loggedInOperator()
        let store = try await kind.open(t.databasePath)
        let gone = try await appWithEverything(t, store: store, in: made.groupId, name: "gone")
        let stays = try await appWithEverything(t, store: store, in: made.groupId, name: "stays")
        let other = try await t.another()
        let before = try await UserDeletionTests.tablesNaming([gone.app.clientAppId], kind: kind, path: t.databasePath)
        // Every kind of row is there to be deleted: the test sees each table it must empty.
        #expect(
            before.isSuperset(of: [
                "users", "identities", "sessions", "unlock_keys", "api_keys", "email_accounts", "account_tokens", "failed_attempts",
                "documents", "document_owner_fields", "document_changes", "trigger_events", "device_authorizations", "web_sign_ins",
                "hosted_apps", "function_runs",
            ]), "\(before.sorted())")
        let othersBefore = try await UserDeletionTests.tablesNaming([stays.app.clientAppId], kind: kind, path: t.databasePath)
        #expect(await other.call(.get, Route.profile, bearer: gone.login.accessToken).status == 200)

        let deleted = await t.admin(.delete, "groups/\(made.groupId)/apps/\(gone.app.id)", bearer: admin.accessToken)
        #expect(deleted.status == 204)

        // At once, before the other server has followed the database's apps.
        for server in [t, other] {
            #expect(await server.call(.get, Route.profile, bearer: gone.login.accessToken).status == 401)
            #expect(await server.call(.post, Route.session, bearer: gone.login.refreshToken).status == 401)
        }
        let after = try await UserDeletionTests.tablesNaming([gone.app.clientAppId], kind: kind, path: t.databasePath)
        #expect(after.subtracting(Self.kept).isEmpty, "still naming the deleted app: \(after.subtracting(Self.kept).sorted())")
        let othersAfter = try await UserDeletionTests.tablesNaming([stays.app.clientAppId], kind: kind, path: t.databasePath)
        #expect(othersAfter == othersBefore, "the other app keeps every row: \(othersAfter.sorted()) against \(othersBefore.sorted())")
        #expect(await other.call(.get, Route.profile, bearer: stays.login.accessToken).status == 200)
        #expect(try await store.deleteHostedApp(id: gone.app.id, clientAppId: gone.app.clientAppId) == false, "a second delete finds none")
    }

    /// A table added later with an `app_id` column is either deleted with the app or kept on
    /// purpose: a new kind of row cannot outlive its app unnoticed.
    @Test(arguments: StoreKind.allCases) func everyTableKeyedByAppIsDeletedWithTheApp(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let keyed = try await Self.tablesWithAppIdColumn(kind: kind, path: t.databasePath)
        #expect(keyed.contains("users") && keyed.contains("trigger_events"), "\(keyed.sorted())")
        let covered = Set(AppDeletionRule.tables).union(Self.kept)
        #expect(keyed.subtracting(covered).isEmpty, "tables not deleted with an app: \(keyed.subtracting(covered).sorted())")
    }

    static func tablesWithAppIdColumn(kind: StoreKind, path: String) async throws -> Set<String> {
        switch kind {
        case .sqlite:
            let queue = try DatabaseQueue(path: path)
            return try await queue.read { db in
                Set(
                    try String.fetchAll(
                        db,
                        sql: """
                            SELECT m.name FROM sqlite_master AS m, pragma_table_info(m.name) AS c
                            WHERE m.type = 'table' AND c.name = 'app_id'
                            """))
            }
        case .postgres:
            let store = try await PostgresServerStore(url: path)
            let rows = try await store.rows(
                "SELECT table_name::text FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'app_id'")
            return Set(try rows.map { try $0.decode(String.self) })
        }
    }

    @Test func anAppIdWithLikesOwnCharactersMatchesOnlyItsOwnChanges() {
        #expect(AppDeletionRule.changePattern("my_app-abcde") == #"%"appId":"my\_app-abcde"%"#)
        #expect(AppDeletionRule.changePattern("a%b\\c") == #"%"appId":"a\%b\\c"%"#)
    }
}
