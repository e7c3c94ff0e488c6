import Foundation
import GRDB

extension SQLiteServerStore {
    // MARK: Email accounts

    func emailAccount(appId: String, email: String) async throws -> EmailAccountRecord? {
        try await pool.read { db in
            try EmailAccountRecord.filter(Column("app_id") == appId && Column("email") == email).fetchOne(db)
        }
    }

    func insertEmailAccount(_ account: EmailAccountRecord) async throws -> Bool {
        do {
            try await pool.write { db in try account.insert(db) }
            return true
        } catch let error as DatabaseError where error.isUniqueViolation {
            return false
        }
    }

    func createEmailUser(account: EmailAccountRecord, user: UserRecord, identity: IdentityRecord) async throws -> Bool {
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

    // MARK: API keys

    func insertAPIKey(_ key: APIKeyRecord) async throws -> Bool {
        do {
            try await pool.write { db in try key.insert(db) }
            return true
        } catch let error as DatabaseError where error.isUniqueViolation {
            return false
        }
    }

    func apiKeys(appId: String, userId: String) async throws -> [APIKeyRecord] {
        try await pool.read { db in
            try APIKeyRecord.filter(Column("app_id") == appId && Column("user_id") == userId)
                .order(Column("created_at"), Column("id")).fetchAll(db)
        }
    }

    func apiKey(appId: String, userId: String, id: String) async throws -> APIKeyRecord? {
        try await pool.read { db in
            try APIKeyRecord.filter(Column("app_id") == appId && Column("user_id") == userId && Column("id") == id).fetchOne(db)
        }
    }

    func apiKey(appId: String, digest: String) async throws -> APIKeyRecord? {
        try await pool.read { db in
            try APIKeyRecord.filter(Column("app_id") == appId && Column("key_digest") == digest).fetchOne(db)
        }
    }

    func setAPIKeyDisabled(appId: String, userId: String, id: String, disabled: Bool) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE api_key SET disabled = ? WHERE app_id = ? AND user_id = ? AND id = ?",
                arguments: [disabled, appId, userId, id])
            return db.changesCount > 0
        }
    }

    func deleteAPIKey(appId: String, userId: String, id: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM api_key WHERE app_id = ? AND user_id = ? AND id = ?", arguments: [appId, userId, id])
            return db.changesCount > 0
        }
    }
}
