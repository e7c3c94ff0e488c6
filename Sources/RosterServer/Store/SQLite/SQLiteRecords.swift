import GRDB

/// A record whose table columns are its properties in snake_case.
protocol SnakeCaseRecord: FetchableRecord, PersistableRecord {}

extension SnakeCaseRecord {
    static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { .convertToSnakeCase }
}

extension UserRecord: SnakeCaseRecord {
    static let databaseTableName = "user"
}

extension IdentityRecord: SnakeCaseRecord {
    static let databaseTableName = "identity"
}

extension SessionRecord: SnakeCaseRecord {
    static let databaseTableName = "session"
}

extension EmailAccountRecord: SnakeCaseRecord {
    static let databaseTableName = "email_account"
}

extension APIKeyRecord: SnakeCaseRecord {
    static let databaseTableName = "api_key"
}

extension AccountTokenRecord: SnakeCaseRecord {
    static let databaseTableName = "account_token"
}

extension DocumentRecord: SnakeCaseRecord {
    static let databaseTableName = "document"
}

extension DeviceAuthorizationRecord: SnakeCaseRecord {
    static let databaseTableName = "device_authorization"
}

extension DatabaseError {
    /// A UNIQUE or PRIMARY KEY constraint refused the row.
    var isUniqueViolation: Bool {
        extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE || extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
    }
}
