import Foundation
import Logging
import PostgresNIO
import RosterServerCore

/// The records as PostgreSQL rows: each record's columns, in the order it is decoded from, and
/// its insert.
extension PostgresServerStore {
    package static let userColumns = RecordColumns.select(RecordColumns.user)
    package static let identityColumns = "app_id, provider_type, provider_id, user_id, created_at"
    package static let sessionColumns = RecordColumns.select(RecordColumns.session)
    package static let emailAccountColumns = "id, app_id, email, password_hash, confirmed, created_at"
    package static let apiKeyColumns = "id, app_id, user_id, name, key_digest, disabled, created_at"
    package static let accountTokenColumns = "id, app_id, email, purpose, digest, created_at, expires_at, used"
    package static let documentColumns = RecordColumns.select(RecordColumns.document)

    package static func user(_ row: PostgresRow) throws -> UserRecord {
        let (id, appId, disabled, createdAt, profile) = try row.decode((String, String, Bool, Date, String).self)
        return UserRecord(id: id, appId: appId, disabled: disabled, createdAt: createdAt, profile: profile)
    }

    package static func identity(_ row: PostgresRow) throws -> IdentityRecord {
        let (appId, type, providerId, userId, createdAt) = try row.decode((String, String, String, String, Date).self)
        return IdentityRecord(appId: appId, providerType: type, providerId: providerId, userId: userId, createdAt: createdAt)
    }

    package static func session(_ row: PostgresRow) throws -> SessionRecord {
        let (id, appId, userId, deviceId, digest, createdAt, expiresAt, revoked, generation, previous, rotatedAt, sealed) =
            try row.decode((String, String, String, String, String, Date, Date, Bool, Int, String?, Date?, Data?).self)
        return SessionRecord(
            id: id, appId: appId, userId: userId, deviceId: deviceId, refreshDigest: digest, createdAt: createdAt, expiresAt: expiresAt,
            revoked: revoked, refreshGeneration: generation, previousRefreshDigest: previous, rotatedAt: rotatedAt, sealedRefresh: sealed)
    }

    package static func emailAccount(_ row: PostgresRow) throws -> EmailAccountRecord {
        let (id, appId, email, hash, confirmed, createdAt) = try row.decode((String, String, String, String, Bool, Date).self)
        return EmailAccountRecord(id: id, appId: appId, email: email, passwordHash: hash, confirmed: confirmed, createdAt: createdAt)
    }

    package static func apiKey(_ row: PostgresRow) throws -> APIKeyRecord {
        let (id, appId, userId, name, digest, disabled, createdAt) = try row.decode(
            (String, String, String, String, String, Bool, Date).self)
        return APIKeyRecord(id: id, appId: appId, userId: userId, name: name, keyDigest: digest, disabled: disabled, createdAt: createdAt)
    }

    package static func accountToken(_ row: PostgresRow) throws -> AccountTokenRecord? {
        let (id, appId, email, purpose, digest, createdAt, expiresAt, used) = try row.decode(
            (String, String, String, String, String, Date, Date, Bool).self)
        guard let purpose = AccountTokenRecord.Purpose(rawValue: purpose) else { return nil }
        return AccountTokenRecord(
            id: id, appId: appId, email: email, purpose: purpose, digest: digest, createdAt: createdAt, expiresAt: expiresAt, used: used)
    }

    package static func document(_ row: PostgresRow) throws -> DocumentRecord {
        let (appId, database, collection, id, body, owner) = try row.decode((String, String, String, String, String, String?).self)
        return DocumentRecord(appId: appId, database: database, collection: collection, id: id, body: body, owner: owner)
    }

    // MARK: Inserts

    package static func insert(_ db: PostgresConnection, _ user: UserRecord, logger: Logger) async throws {
        try await db.query(
            """
            INSERT INTO users (\(unescaped: userColumns))
            VALUES (\(user.id), \(user.appId), \(user.disabled), \(user.createdAt), \(user.profile))
            """, logger: logger)
    }

    package static func insert(_ db: PostgresConnection, _ identity: IdentityRecord, logger: Logger) async throws {
        try await db.query(
            """
            INSERT INTO identities (\(unescaped: identityColumns)) VALUES (\(identity.appId), \(identity.providerType),
            \(identity.providerId), \(identity.userId), \(identity.createdAt))
            """, logger: logger)
    }

    package static func insert(_ db: PostgresConnection, _ account: EmailAccountRecord, logger: Logger) async throws {
        try await db.query(
            """
            INSERT INTO email_accounts (\(unescaped: emailAccountColumns)) VALUES (\(account.id), \(account.appId), \(account.email),
            \(account.passwordHash), \(account.confirmed), \(account.createdAt))
            """, logger: logger)
    }

    /// Runs `body`, answering false when a UNIQUE constraint refused its row.
    package func insertingUnlessTaken(_ body: @escaping @Sendable (PostgresConnection) async throws -> Void) async throws -> Bool {
        do {
            try await write(body)
            return true
        } catch let error as PSQLError where error.isUniqueViolation {
            return false
        }
    }
}
