import GRDB

// The records' tables; columns are the properties in snake_case.

extension UserRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "user"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
}

extension IdentityRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "identity"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
}

extension SessionRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "session"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
}

extension EmailAccountRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "email_account"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
}

extension APIKeyRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "api_key"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
}

extension DocumentRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "document"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
}

extension DatabaseError {
    /// A UNIQUE or PRIMARY KEY constraint refused the row.
    var isUniqueViolation: Bool {
        extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE || extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
    }
}
