import Foundation
import GRDB

/// The lookups every log-in and API-key request makes run on cached statements, parsed once a
/// connection (the query interface builds and parses its SQL at each call).
extension SQLiteServerStore {
    // MARK: Email accounts

    package func emailAccount(appId: String, email: String) async throws -> EmailAccountRecord? {
        try await pool.read { db in
            let sql = "SELECT * FROM email_accounts WHERE app_id = ? AND email = ?"
            return try EmailAccountRecord.fetchOne(db.cachedStatement(sql: sql), arguments: [appId, email])
        }
    }

    package func insertEmailAccount(_ account: EmailAccountRecord) async throws -> Bool {
        do {
            try await pool.write { db in try account.insert(db) }
            return true
        } catch let error as DatabaseError where error.isUniqueViolation {
            return false
        }
    }

    package func createEmailUser(account: EmailAccountRecord, user: UserRecord, identity: IdentityRecord) async throws -> Bool {
        do {
            try await pool.write { db in
                try account.insert(db)
                try user.insert(db)
                try identity.insert(db)
            }
            return true
        } catch let error as DatabaseError where error.isUniqueViolation {
            return false
        }
    }

    package func confirmEmailAccount(appId: String, email: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE email_accounts SET confirmed = 1 WHERE app_id = ? AND email = ? AND confirmed = 0",
                arguments: [appId, email])
            return db.changesCount > 0
        }
    }

    package func resetPassword(_ reset: PasswordReset) async throws -> Bool {
        try await durableWrite { db in
            guard try Self.redeemAccountToken(db, appId: reset.appId, id: reset.tokenId, now: reset.now) else { return false }
            guard let account = try EmailAccountRecord.filter(Column("app_id") == reset.appId && Column("email") == reset.email).fetchOne(db)
            else { return false }
            try db.execute(
                sql: "UPDATE email_accounts SET password_hash = ? WHERE app_id = ? AND id = ?",
                arguments: [reset.passwordHash, reset.appId, account.id])
            if reset.endingSessions {
                try db.execute(
                    sql: """
                        UPDATE sessions SET revoked = 1 WHERE app_id = ? AND revoked = 0 AND user_id IN
                        (SELECT user_id FROM identities WHERE app_id = ? AND provider_type = 'local-userpass' AND provider_id = ?)
                        """,
                    arguments: [reset.appId, reset.appId, account.id])
            }
            return true
        }
    }

    package func deleteUnusedEmailAccount(appId: String, email: String) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    DELETE FROM email_accounts WHERE app_id = ? AND email = ? AND NOT EXISTS (
                        SELECT 1 FROM identities WHERE identities.app_id = email_accounts.app_id
                        AND identities.provider_type = 'local-userpass' AND identities.provider_id = email_accounts.id)
                    """,
                arguments: [appId, email])
        }
    }

    package func pendingEmailAccounts(appId: String, after: String?, limit: Int) async throws -> [EmailAccountRecord] {
        try await pool.read { db in
            var pending = EmailAccountRecord.filter(Column("app_id") == appId && Column("confirmed") == false)
            if let after { pending = pending.filter(Column("id") > after) }
            return try pending.order(Column("id")).limit(max(0, limit)).fetchAll(db)
        }
    }

    package func deletePendingEmailAccount(appId: String, email: String) async throws -> Bool {
        try await pool.write { db in
            let statements = PendingAccountRule.deletion(appId: appId, email: email)
            guard try db.count(statements[0]) > 0 else { return false }
            for statement in statements.dropFirst() { _ = try db.count(statement) }
            return true
        }
    }

    // MARK: Confirmation and reset tokens

    package func insertAccountToken(_ token: AccountTokenRecord) async throws {
        try await pool.write { db in try token.insert(db) }
    }

    package func accountToken(appId: String, id: String) async throws -> AccountTokenRecord? {
        try await pool.read { db in
            try AccountTokenRecord.filter(Column("app_id") == appId && Column("id") == id).fetchOne(db)
        }
    }

    package func redeemAccountToken(appId: String, id: String, now: Date) async throws -> Bool {
        try await durableWrite { db in try Self.redeemAccountToken(db, appId: appId, id: id, now: now) }
    }

    private static func redeemAccountToken(_ db: Database, appId: String, id: String, now: Date) throws -> Bool {
        let token = try AccountTokenRecord.filter(Column("app_id") == appId && Column("id") == id).fetchOne(db)
        guard let token, AccountTokenRule.redeems(token, at: now) else { return false }
        try db.execute(
            sql: "UPDATE account_tokens SET used = 1 WHERE app_id = ? AND email = ? AND purpose = ? AND used = 0",
            arguments: [appId, token.email, token.purpose.rawValue])
        return true
    }

    // MARK: API keys

    package func insertAPIKey(_ key: APIKeyRecord) async throws -> Bool {
        do {
            try await pool.write { db in try key.insert(db) }
            return true
        } catch let error as DatabaseError where error.isUniqueViolation {
            return false
        }
    }

    package func apiKeys(appId: String, userId: String) async throws -> [APIKeyRecord] {
        try await pool.read { db in
            let sql = "SELECT * FROM api_keys WHERE app_id = ? AND user_id = ? ORDER BY created_at, id"
            return try APIKeyRecord.fetchAll(db.cachedStatement(sql: sql), arguments: [appId, userId])
        }
    }

    package func apiKey(appId: String, userId: String, id: String) async throws -> APIKeyRecord? {
        try await pool.read { db in
            try APIKeyRecord.filter(Column("app_id") == appId && Column("user_id") == userId && Column("id") == id).fetchOne(db)
        }
    }

    package func apiKey(appId: String, digest: String) async throws -> APIKeyRecord? {
        try await pool.read { db in
            let sql = "SELECT * FROM api_keys WHERE app_id = ? AND key_digest = ?"
            return try APIKeyRecord.fetchOne(db.cachedStatement(sql: sql), arguments: [appId, digest])
        }
    }

    package func setAPIKeyDisabled(appId: String, userId: String, id: String, disabled: Bool) async throws -> Bool {
        try await durableWrite { db in
            try db.execute(
                sql: "UPDATE api_keys SET disabled = ? WHERE app_id = ? AND user_id = ? AND id = ?",
                arguments: [disabled, appId, userId, id])
            return db.changesCount > 0
        }
    }

    package func deleteAPIKey(appId: String, userId: String, id: String) async throws -> Bool {
        try await durableWrite { db in
            try db.execute(sql: "DELETE FROM api_keys WHERE app_id = ? AND user_id = ? AND id = ?", arguments: [appId, userId, id])
            return db.changesCount > 0
        }
    }
}
