import Foundation
import Logging
import PostgresNIO
import RosterServerCore

extension PostgresServerStore {
    // MARK: Email accounts

    package func emailAccount(appId: String, email: String) async throws -> EmailAccountRecord? {
        try await rows("SELECT \(unescaped: Self.emailAccountColumns) FROM email_accounts WHERE app_id = \(appId) AND email = \(email)")
            .first.map(Self.emailAccount)
    }

    package func insertEmailAccount(_ account: EmailAccountRecord) async throws -> Bool {
        let logger = logger
        return try await insertingUnlessTaken { db in try await Self.insert(db, account, logger: logger) }
    }

    package func createEmailUser(account: EmailAccountRecord, user: UserRecord, identity: IdentityRecord) async throws -> Bool {
        let logger = logger
        return try await insertingUnlessTaken { db in
            try await Self.insert(db, account, logger: logger)
            try await Self.insert(db, user, logger: logger)
            try await Self.insert(db, identity, logger: logger)
        }
    }

    package func confirmEmailAccount(appId: String, email: String) async throws -> Bool {
        !(try await rows(
            "UPDATE email_accounts SET confirmed = true WHERE app_id = \(appId) AND email = \(email) AND NOT confirmed RETURNING id"
        ).isEmpty)
    }

    package func resetPassword(_ reset: PasswordReset) async throws -> Bool {
        let logger = logger
        return try await write { db in
            guard try await Self.redeemAccountToken(db, appId: reset.appId, id: reset.tokenId, now: reset.now, logger: logger),
                let accountId = try await db.query(
                    "SELECT id FROM email_accounts WHERE app_id = \(reset.appId) AND email = \(reset.email)", logger: logger
                ).collect().first?.decode(String.self)
            else { return false }
            try await db.query(
                "UPDATE email_accounts SET password_hash = \(reset.passwordHash) WHERE app_id = \(reset.appId) AND id = \(accountId)",
                logger: logger)
            if reset.endingSessions {
                try await db.query(
                    """
                    UPDATE sessions SET revoked = true WHERE app_id = \(reset.appId) AND NOT revoked AND user_id IN (SELECT user_id
                    FROM identities WHERE app_id = \(reset.appId) AND provider_type = 'local-userpass' AND provider_id = \(accountId))
                    """, logger: logger)
            }
            return true
        }
    }

    package func pendingEmailAccounts(appId: String, after: String?, limit: Int) async throws -> [EmailAccountRecord] {
        let after = after ?? ""
        return try await rows(
            """
            SELECT \(unescaped: Self.emailAccountColumns) FROM email_accounts WHERE app_id = \(appId) AND NOT confirmed
            AND id COLLATE "C" > \(after) ORDER BY id COLLATE "C" LIMIT \(max(0, limit))
            """
        ).map(Self.emailAccount)
    }

    package func deletePendingEmailAccount(appId: String, email: String) async throws -> Bool {
        let logger = logger
        return try await write { db in
            let statements = PendingAccountRule.deletion(appId: appId, email: email)
            guard try await db.count(statements[0], logger: logger) > 0 else { return false }
            for statement in statements.dropFirst() { _ = try await db.count(statement, logger: logger) }
            return true
        }
    }

    package func deleteUnusedEmailAccount(appId: String, email: String) async throws {
        let logger = logger
        try await write { db in
            try await db.query(
                """
                DELETE FROM email_accounts WHERE app_id = \(appId) AND email = \(email) AND NOT EXISTS (
                    SELECT 1 FROM identities WHERE identities.app_id = email_accounts.app_id
                    AND identities.provider_type = 'local-userpass' AND identities.provider_id = email_accounts.id)
                """, logger: logger)
        }
    }

    // MARK: Confirmation and reset tokens

    package func insertAccountToken(_ token: AccountTokenRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO account_tokens (\(unescaped: Self.accountTokenColumns)) VALUES (\(token.id), \(token.appId), \(token.email),
            \(token.purpose.rawValue), \(token.digest), \(token.createdAt), \(token.expiresAt), \(token.used))
            """)
    }

    package func accountToken(appId: String, id: String) async throws -> AccountTokenRecord? {
        try await rows("SELECT \(unescaped: Self.accountTokenColumns) FROM account_tokens WHERE app_id = \(appId) AND id = \(id)")
            .first.flatMap(Self.accountToken)
    }

    package func redeemAccountToken(appId: String, id: String, now: Date) async throws -> Bool {
        let logger = logger
        return try await write { db in try await Self.redeemAccountToken(db, appId: appId, id: id, now: now, logger: logger) }
    }

    private static func redeemAccountToken(
        _ db: PostgresConnection, appId: String, id: String, now: Date, logger: Logger
    ) async throws -> Bool {
        let token = try await db.query(
            "SELECT \(unescaped: accountTokenColumns) FROM account_tokens WHERE app_id = \(appId) AND id = \(id) FOR UPDATE",
            logger: logger
        ).collect().first.flatMap(accountToken)
        guard let token, AccountTokenRule.redeems(token, at: now) else { return false }
        try await db.query(
            """
            UPDATE account_tokens SET used = true
            WHERE app_id = \(appId) AND email = \(token.email) AND purpose = \(token.purpose.rawValue) AND NOT used
            """, logger: logger)
        return true
    }

    // MARK: API keys

    package func insertAPIKey(_ key: APIKeyRecord) async throws -> Bool {
        let logger = logger
        return try await insertingUnlessTaken { db in
            try await db.query(
                """
                INSERT INTO api_keys (\(unescaped: Self.apiKeyColumns)) VALUES (\(key.id), \(key.appId), \(key.userId), \(key.name),
                \(key.keyDigest), \(key.disabled), \(key.createdAt))
                """, logger: logger)
        }
    }

    package func apiKeys(appId: String, userId: String) async throws -> [APIKeyRecord] {
        try await rows(
            "SELECT \(unescaped: Self.apiKeyColumns) FROM api_keys WHERE app_id = \(appId) AND user_id = \(userId) ORDER BY created_at, id"
        ).map(Self.apiKey)
    }

    package func apiKey(appId: String, userId: String, id: String) async throws -> APIKeyRecord? {
        try await rows(
            "SELECT \(unescaped: Self.apiKeyColumns) FROM api_keys WHERE app_id = \(appId) AND user_id = \(userId) AND id = \(id)"
        ).first.map(Self.apiKey)
    }

    package func apiKey(appId: String, digest: String) async throws -> APIKeyRecord? {
        try await rows("SELECT \(unescaped: Self.apiKeyColumns) FROM api_keys WHERE app_id = \(appId) AND key_digest = \(digest)")
            .first.map(Self.apiKey)
    }

    package func setAPIKeyDisabled(appId: String, userId: String, id: String, disabled: Bool) async throws -> Bool {
        !(try await rows(
            "UPDATE api_keys SET disabled = \(disabled) WHERE app_id = \(appId) AND user_id = \(userId) AND id = \(id) RETURNING id"
        ).isEmpty)
    }

    package func deleteAPIKey(appId: String, userId: String, id: String) async throws -> Bool {
        !(try await rows("DELETE FROM api_keys WHERE app_id = \(appId) AND user_id = \(userId) AND id = \(id) RETURNING id").isEmpty)
    }
}
