import GRDB

/// A record whose table columns are its properties in snake_case.
package protocol SnakeCaseRecord: FetchableRecord, PersistableRecord {}

extension SnakeCaseRecord {
    package static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    package static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { .convertToSnakeCase }
}

extension UserRecord: SnakeCaseRecord {
    package static let databaseTableName = "users"

    /// Read column by column: every authorized request reads a user, and decoding through
    /// Codable, converting each key to snake case, cost more than the query.
    package init(row: Row) throws {
        self.init(id: row["id"], appId: row["app_id"], disabled: row["disabled"], createdAt: row["created_at"], profile: row["profile"])
    }
}

extension IdentityRecord: SnakeCaseRecord {
    package static let databaseTableName = "identities"

    /// Read column by column, for the same reason as `UserRecord`: every profile request reads
    /// the caller's identities.
    package init(row: Row) throws {
        self.init(
            appId: row["app_id"], providerType: row["provider_type"], providerId: row["provider_id"], userId: row["user_id"],
            createdAt: row["created_at"])
    }
}

extension SessionRecord: SnakeCaseRecord {
    package static let databaseTableName = "sessions"

    /// Read column by column, for the same reason as `UserRecord`.
    package init(row: Row) throws {
        self.init(
            id: row["id"], appId: row["app_id"], userId: row["user_id"], deviceId: row["device_id"], refreshDigest: row["refresh_digest"],
            createdAt: row["created_at"], expiresAt: row["expires_at"], revoked: row["revoked"], refreshGeneration: row["refresh_generation"],
            previousRefreshDigest: row["previous_refresh_digest"], rotatedAt: row["rotated_at"], sealedRefresh: row["sealed_refresh"])
    }
}

extension EmailAccountRecord: SnakeCaseRecord {
    package static let databaseTableName = "email_accounts"
}

extension APIKeyRecord: SnakeCaseRecord {
    package static let databaseTableName = "api_keys"
}

extension AccountTokenRecord: SnakeCaseRecord {
    package static let databaseTableName = "account_tokens"
}

extension WebSignInRecord: SnakeCaseRecord {
    package static let databaseTableName = "web_sign_ins"
}

extension UnlockKeyRecord: SnakeCaseRecord {
    package static let databaseTableName = "unlock_keys"
}

extension DocumentRecord: SnakeCaseRecord {
    package static let databaseTableName = "documents"

    /// Read column by column, for the same reason as `UserRecord`.
    package init(row: Row) throws {
        self.init(
            appId: row["app_id"], database: row["database"], collection: row["collection"], id: row["id"], body: row["body"], owner: row["owner"])
    }
}

extension DeviceAuthorizationRecord: SnakeCaseRecord {
    package static let databaseTableName = "device_authorizations"
}

extension DatabaseError {
    /// A UNIQUE or PRIMARY KEY constraint refused the row.
    package var isUniqueViolation: Bool {
        extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE || extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
    }
}
