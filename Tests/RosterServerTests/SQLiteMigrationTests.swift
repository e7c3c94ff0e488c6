import Foundation
import GRDB
import Testing
@testable import RosterServerCore

/// A SQLite store made by an earlier Roster opens with everything it held: the migrations it
/// has not seen run on it, and each record is found again under today's names.
@Suite struct SQLiteMigrationTests {
    let appId = "old-app"
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A store file migrated as far as `upTo`, in a fresh folder.
    func oldStore(upTo migration: String) throws -> (path: String, queue: DatabaseQueue) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-migration-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("server.sqlite").path
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try SQLiteMigrations.migrator.migrate(queue, upTo: migration)
        return (path, queue)
    }

    @Test func aStoreMadeWithSingularTableNamesKeepsEveryRecordUnderThePluralOnes() async throws {
        let (path, queue) = try oldStore(upTo: "v8-web-sign-in")
        let (appId, now) = (appId, now)
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO signing_secret (name, secret) VALUES ('hs256', x'0102')")
            try db.execute(
                sql: "INSERT INTO user (id, app_id, disabled, created_at, profile) VALUES ('u', ?, 0, ?, '{\"name\":\"Ann\"}')",
                arguments: [appId, now])
            try db.execute(
                sql: "INSERT INTO identity (app_id, provider_type, provider_id, user_id, created_at) VALUES (?, 'local-userpass', 'acc', 'u', ?)",
                arguments: [appId, now])
            try db.execute(
                sql: """
                    INSERT INTO session (id, app_id, user_id, device_id, refresh_digest, created_at, expires_at, revoked,
                    refresh_generation, previous_refresh_digest, rotated_at, sealed_refresh)
                    VALUES ('s', ?, 'u', 'dev', 'd1', ?, ?, 0, 1, 'd0', ?, x'01')
                    """,
                arguments: [appId, now, now.addingTimeInterval(3600), now])
            try db.execute(
                sql: """
                    INSERT INTO email_account (id, app_id, email, password_hash, confirmed, created_at)
                    VALUES ('acc', ?, 'ann@example.com', 'h', 1, ?)
                    """,
                arguments: [appId, now])
            try db.execute(
                sql: """
                    INSERT INTO account_token (id, app_id, email, purpose, digest, created_at, expires_at, used)
                    VALUES ('t', ?, 'ann@example.com', 'reset', 'td', ?, ?, 0)
                    """,
                arguments: [appId, now, now.addingTimeInterval(600)])
            try db.execute(
                sql: "INSERT INTO api_key (id, app_id, user_id, name, key_digest, disabled, created_at) VALUES ('k', ?, 'u', 'ci', 'kd', 0, ?)",
                arguments: [appId, now])
            try db.execute(
                sql: #"INSERT INTO document_owner_field (app_id, "database", collection, field) VALUES (?, 'db', 'people', 'userId')"#,
                arguments: [appId])
            try db.execute(
                sql: #"INSERT INTO document (app_id, "database", collection, id, body, owner) VALUES (?, 'db', 'people', 'p1', ?, 'u')"#,
                arguments: [appId, #"{"_id":"p1","userId":"u"}"#])
            try db.execute(
                sql: """
                    INSERT INTO failed_attempt (app_id, scope, key, in_a_row, hour_started_at, in_hour, wait_until)
                    VALUES (?, 'login/account', 'ann@example.com', 5, ?, 5, ?)
                    """,
                arguments: [appId, now, now.addingTimeInterval(60)])
            try db.execute(
                sql: "INSERT INTO audit (app_id, at, event, user_id) VALUES (?, ?, 'login', 'u')", arguments: [appId, now])
            try db.execute(
                sql: """
                    INSERT INTO device_authorization (id, app_id, code_digest, user_code, started_at, expires_at, interval_seconds, state)
                    VALUES ('da', ?, 'cd', 'ABCD-EFGH', ?, ?, 5, 'pending')
                    """,
                arguments: [appId, now, now.addingTimeInterval(600)])
            try db.execute(
                sql: """
                    INSERT INTO web_sign_in (state_digest, app_id, provider, purpose, code_verifier, nonce, callback, created_at, expires_at, used)
                    VALUES ('sd', ?, 'oauth2-google', '{}', 'v', 'n', 'http://127.0.0.1/cb', ?, ?, 0)
                    """,
                arguments: [appId, now, now.addingTimeInterval(600)])
        }
        try queue.close()

        let store = try SQLiteServerStore(path: path)
        #expect(try await store.signingSecret(name: "hs256", ifAbsent: [9]) == [1, 2])
        #expect(try await store.user(appId: appId, id: "u")?.profile == #"{"name":"Ann"}"#)
        #expect(try await store.identities(appId: appId, userId: "u").map(\.providerId) == ["acc"])
        let session = try #require(try await store.session(id: "s"))
        #expect(session.refreshDigest == "d1" && session.previousRefreshDigest == "d0" && session.sealedRefresh == Data([1]))
        #expect(try await store.emailAccount(appId: appId, email: "ann@example.com")?.id == "acc")
        #expect(try await store.accountToken(appId: appId, id: "t")?.digest == "td")
        #expect(try await store.apiKey(appId: appId, digest: "kd")?.name == "ci")
        let people = DocumentSelector(appId: appId, database: "db", collection: "people", field: "userId", value: "u")
        #expect(try await store.document(people)?.id == "p1")
        #expect(try await store.sessionContext(id: "s", userId: "u", customData: people)?.document?.id == "p1")
        let key = AttemptKey(scope: "login", kind: .account, value: "ann@example.com")
        #expect(try await store.attemptsWait(appId: appId, key: key) == .some(now.addingTimeInterval(60)))
        #expect(try await store.auditEntries(appId: appId, AuditQuery(userId: "u")).map(\.event) == [.loggedIn])
        #expect(try await store.deviceAuthorization(userCode: "ABCD-EFGH")?.id == "da")
        guard case .taken = try await store.takeWebSignIn(appId: appId, stateDigest: "sd", now: now) else {
            Issue.record("the sign-in under way is found under its new table")
            return
        }
        // The foreign keys follow the users table, and removing a user still takes what is theirs.
        let references = try await store.pool.read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT \"table\" FROM pragma_foreign_key_list('identities')")
        }
        #expect(references == ["users"])
        #expect(try await store.pool.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }.isEmpty)
        #expect(try await store.deleteUser(appId: appId, userId: "u"))
        #expect(try await store.session(id: "s") == nil)
        #expect(try await store.apiKey(appId: appId, digest: "kd") == nil)
    }

    /// A function run kept before runs carried their request reads back with those fields
    /// empty, and a new one keeps them.
    @Test func aRunKeptBeforeItsRequestsFieldsReadsWithoutThem() async throws {
        let (path, queue) = try oldStore(upTo: "v16-function-runs")
        let (appId, now) = (appId, now)
        try await queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO function_runs (id, app_id, type, function_name, user_id, request_id, remote_address, started_at,
                    completed_at, logs, error, error_code) VALUES ('r1', ?, 'FUNCTION', 'sum', 'u', 'req-1', '203.0.113.7', ?, ?, '["hi"]',
                    NULL, NULL)
                    """,
                arguments: [appId, now, now])
        }
        try queue.close()
        let store = try SQLiteServerStore(path: path)
        let old = try #require(try await store.functionRuns(appId: appId, FunctionRunQuery()).first)
        #expect(old.functionName == "sum" && old.logs == ["hi"] && old.requestId == "req-1")
        #expect(old.functionId == nil && old.requestURL == nil && old.requestMethod == nil && old.status == nil)
        try await store.appendFunctionRuns([
            FunctionRunRecord(
                id: "r2", appId: appId, type: "FUNCTION", functionName: "sum", functionId: "65f0a1b2c3d4e5f6a7b8c9d0", requestURL: "http://127.0.0.1/x",
                requestMethod: "POST", status: 400, startedAt: now.addingTimeInterval(1), completedAt: now.addingTimeInterval(1))
        ])
        let new = try #require(try await store.functionRuns(appId: appId, FunctionRunQuery()).first)
        #expect(new.id == "r2" && new.functionId == "65f0a1b2c3d4e5f6a7b8c9d0" && new.requestURL == "http://127.0.0.1/x")
        #expect(new.requestMethod == "POST" && new.status == 400)
    }

    /// An audit entry kept before entries carried their request's id reads back without one, and
    /// a new one is found by its id.
    @Test func anAuditEntryKeptBeforeRequestIdsReadsWithoutOne() async throws {
        let (path, queue) = try oldStore(upTo: "v17-function-run-requests")
        let (appId, now) = (appId, now)
        try await queue.write { db in
            try db.execute(
                sql: "INSERT INTO audit (app_id, at, event, address, detail) VALUES (?, ?, 'register', '203.0.113.7', 'ann@example.com')",
                arguments: [appId, now])
        }
        try queue.close()
        let store = try SQLiteServerStore(path: path)
        let old = try #require(try await store.auditEntries(appId: appId, AuditQuery()).first)
        #expect(old.event == .registered && old.detail == "ann@example.com" && old.requestId == nil)
        try await store.appendAudit(
            AuditEntry(at: now.addingTimeInterval(1), appId: appId, event: .registerRefused, detail: "AccountNameInUse", requestId: "req-2"))
        let found = try await store.auditEntries(appId: appId, AuditQuery(requestId: "req-2"))
        #expect(found.map(\.event) == [.registerRefused] && found.first?.requestId == "req-2")
    }
}
