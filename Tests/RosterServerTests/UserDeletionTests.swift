import Foundation
import GRDB
import PostgresNIO
import RosterWire
import Testing
@testable import RosterPostgres
@testable import RosterServer
@testable import RosterServerCore

/// Deleting a user leaves nothing of them in any table, on both stores: the statements of
/// `UserDeletionRule` and the schema's cascades between them take every row that names the
/// user or their email, and nothing of anyone else. The audit keeps its lines (the record of
/// what happened) and the change log its ten minutes of events for change streams.
@Suite struct UserDeletionTests {
    /// Tables that keep what names a deleted user, and why.
    static let kept: Set<String> = ["audit", "document_changes"]

    /// A user with a row of every kind: an email/password identity, an anonymous one linked in,
    /// sessions with an unlock key, an API key, a reset token, a failed log-in, their custom
    /// data document, and a device log-in they approved.
    func userWithEverything(_ t: TestServer, store: any ServerStore, email: String) async throws -> String {
        #expect(await t.register(email, "pa55word!").status == 201)
        let login = try WireCoding.decode(LoginResponse.self, from: await t.emailLogin(email, "pa55word!").body)
        #expect(await t.call(.post, Route.apiKeys, json: ["name": "laptop"], bearer: login.refreshToken).status == 201)
        #expect(await t.call(.post, Route.unlockKeys, json: ["proof_digest": .string(Data(repeating: 7, count: 32).base64EncodedString())], bearer: login.refreshToken).status == 201)
        #expect(await t.emailRoute(.resetSend, ["email": .string(email)]).status == 204)
        #expect(await t.emailLogin(email, "not-the-password").status == 401)
        try await t.server.admin.setCustomData(appId: t.appId, userId: login.userId, document: ["favoriteColor": "teal"])
        let started = t.clock.now
        let authorization = DeviceAuthorizationRecord(
            id: "device-\(login.userId)", appId: t.appId, codeDigest: "digest-\(login.userId)", userCode: String(login.userId.suffix(8)),
            startedAt: started, expiresAt: started.addingTimeInterval(600), intervalSeconds: 5, state: .pending)
        #expect(try await store.insertDeviceAuthorization(authorization))
        #expect(try await store.decideDeviceAuthorization(id: authorization.id, .approved(userId: login.userId, provider: "local-userpass"), now: started))
        return login.userId
    }

    @Test(arguments: StoreKind.allCases) func nothingOfADeletedUserRemainsInAnyTable(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let store = try await kind.open(t.databasePath)
        let gone = try await userWithEverything(t, store: store, email: "gone@example.com")
        let stays = try await userWithEverything(t, store: store, email: "stays@example.com")
        let before = try await Self.tablesNaming([gone, "gone@example.com"], kind: kind, path: t.databasePath)
        // Every kind of row is there to be deleted: the test sees each table it must empty.
        #expect(
            before.isSuperset(of: [
                "users", "identities", "sessions", "unlock_keys", "api_keys", "email_accounts", "account_tokens",
                "failed_attempts", "documents", "device_authorizations",
            ]), "\(before.sorted())")

        try await t.server.admin.deleteUser(appId: t.appId, userId: gone)

        let after = try await Self.tablesNaming([gone, "gone@example.com"], kind: kind, path: t.databasePath)
        #expect(after.subtracting(Self.kept).isEmpty, "still naming the deleted user: \(after.subtracting(Self.kept).sorted())")
        let other = try await Self.tablesNaming([stays, "stays@example.com"], kind: kind, path: t.databasePath)
        #expect(other == before, "the other user keeps every row: \(other.sorted()) against \(before.sorted())")
        #expect(try await store.deleteUser(appId: t.appId, userId: gone) == false, "a second delete finds no one")
    }

    /// The tables with a value, in any column, that holds one of `words`.
    static func tablesNaming(_ words: [String], kind: StoreKind, path: String) async throws -> Set<String> {
        switch kind {
        case .sqlite:
            let queue = try DatabaseQueue(path: path)
            return try await queue.read { db in
                let columns = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT m.name, c.name FROM sqlite_master AS m, pragma_table_info(m.name) AS c
                        WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> 'grdb_migrations'
                        """
                ).map { ($0[0] as String, $0[1] as String) }
                var found: Set<String> = []
                for (table, column) in columns where !found.contains(table) {
                    for word in words {
                        let count = try Int.fetchOne(
                            db, sql: "SELECT count(*) FROM \"\(table)\" WHERE instr(CAST(\"\(column)\" AS TEXT), ?) > 0", arguments: [word]) ?? 0
                        if count > 0 { found.insert(table) }
                    }
                }
                return found
            }
        case .postgres:
            let store = try await PostgresServerStore(url: path)
            var found: Set<String> = []
            let columns = try await store.rows(
                """
                SELECT table_name::text, column_name::text FROM information_schema.columns
                WHERE table_schema = current_schema() AND table_name <> 'roster_migrations'
                """)
            for row in columns {
                let (table, column) = try row.decode((String, String).self)
                guard !found.contains(table) else { continue }
                for word in words {
                    var bindings = PostgresBindings()
                    bindings.append(word)
                    let query = PostgresQuery(unsafeSQL: "SELECT count(*) FROM \"\(table)\" WHERE strpos(\"\(column)\"::text, $1) > 0", binds: bindings)
                    if try await store.rows(query).first?.decode(Int.self) ?? 0 > 0 { found.insert(table) }
                }
            }
            return found
        }
    }
}
