import Foundation
import Logging
import PostgresNIO
import RosterServerCore

extension PostgresServerStore {
    package func user(appId: String, id: String) async throws -> UserRecord? {
        try await rows("SELECT \(unescaped: Self.userColumns) FROM users WHERE app_id = \(appId) AND id = \(id)").first.map(Self.user)
    }

    package func users(appId: String) async throws -> [UserRecord] {
        try await rows("SELECT \(unescaped: Self.userColumns) FROM users WHERE app_id = \(appId) ORDER BY created_at, id").map(Self.user)
    }

    package func userCount(appId: String) async throws -> Int {
        try await rows("SELECT count(*) FROM users WHERE app_id = \(appId)").first?.decode(Int.self) ?? 0
    }

    package func identities(appId: String, userId: String) async throws -> [IdentityRecord] {
        try await rows(
            """
            SELECT \(unescaped: Self.identityColumns) FROM identities WHERE app_id = \(appId) AND user_id = \(userId)
            ORDER BY created_at, provider_type COLLATE "C"
            """
        ).map(Self.identity)
    }

    package func identity(appId: String, providerType: String, providerId: String) async throws -> IdentityRecord? {
        try await rows(
            """
            SELECT \(unescaped: Self.identityColumns) FROM identities
            WHERE app_id = \(appId) AND provider_type = \(providerType) AND provider_id = \(providerId)
            """
        ).first.map(Self.identity)
    }

    package func findOrCreateUser(identity: IdentityRecord, newUser: UserRecord) async throws -> UserRecord {
        let logger = logger
        // A concurrent log-in may create the same identity first: once more finds it.
        for _ in 0..<3 {
            do {
                return try await write { db in
                    if let row = try await db.query(
                        """
                        SELECT \(unescaped: Self.userColumns) FROM users WHERE id = (SELECT user_id FROM identities
                        WHERE app_id = \(identity.appId) AND provider_type = \(identity.providerType) AND provider_id = \(identity.providerId))
                        """, logger: logger
                    ).collect().first {
                        return try Self.user(row)
                    }
                    try await Self.insert(db, newUser, logger: logger)
                    var linked = identity
                    linked.userId = newUser.id
                    try await Self.insert(db, linked, logger: logger)
                    return newUser
                }
            } catch let error as PSQLError where error.isUniqueViolation {
                continue
            }
        }
        throw StoreUnavailable()
    }

    /// The user's change (`UserChange`) is written and announced with the identity, for the
    /// change streams whose roles read their identities, on every instance.
    package func addIdentity(_ identity: IdentityRecord) async throws -> Bool {
        let (logger, now) = (logger, changes.now)
        return try await insertingUnlessTaken { db in
            try await Self.insert(db, identity, logger: logger)
            try await Self.announce([UserChange.change(appId: identity.appId, userId: identity.userId, at: now())], db, logger: logger)
        }
    }

    /// The user's change (`UserChange`) is written and announced with the profile, for the
    /// change streams whose roles read their data, on every instance.
    package func updateProfile(appId: String, userId: String, profile: String) async throws {
        let (logger, now) = (logger, changes.now)
        try await write { db in
            let updated = try await db.query(
                "UPDATE users SET profile = \(profile) WHERE app_id = \(appId) AND id = \(userId) RETURNING id", logger: logger
            ).collect()
            guard !updated.isEmpty else { return }
            try await Self.announce([UserChange.change(appId: appId, userId: userId, at: now())], db, logger: logger)
        }
    }

    package func setDisabled(appId: String, userId: String, disabled: Bool) async throws -> Bool {
        let logger = logger
        return try await write { db in
            let changed = try await db.query(
                "UPDATE users SET disabled = \(disabled) WHERE app_id = \(appId) AND id = \(userId) RETURNING id", logger: logger
            ).collect()
            guard !changed.isEmpty else { return false }
            if disabled {
                try await db.query(
                    "UPDATE sessions SET revoked = true WHERE app_id = \(appId) AND user_id = \(userId) AND NOT revoked", logger: logger)
            }
            return true
        }
    }

    package func deleteUser(appId: String, userId: String) async throws -> Bool {
        let logger = logger
        return try await write { db in try await Self.deleteUser(db, appId: appId, userId: userId, logger: logger) }
    }

    package static func deleteUser(_ db: PostgresConnection, appId: String, userId: String, logger: Logger) async throws -> Bool {
        var deleted = false
        for statement in UserDeletionRule.statements(appId: appId, userId: userId) {
            deleted = try await db.count(statement, logger: logger) > 0
        }
        return deleted
    }

    // MARK: Sessions

    package func insertSession(_ session: SessionRecord) async throws {
        let logger = logger
        try await write { db in
            try await db.query(
                """
                INSERT INTO sessions (\(unescaped: Self.sessionColumns)) VALUES (\(session.id), \(session.appId), \(session.userId),
                \(session.deviceId), \(session.refreshDigest), \(session.createdAt), \(session.expiresAt), \(session.revoked),
                \(session.refreshGeneration), \(session.previousRefreshDigest), \(session.rotatedAt), \(session.sealedRefresh))
                """, logger: logger)
            _ = try await db.count(UserAuthenticationRule.statement(for: session), logger: logger)
        }
    }

    package func lastAuthentication(appId: String, userId: String) async throws -> Date? {
        try await rows("SELECT last_authenticated_at FROM users WHERE app_id = \(appId) AND id = \(userId)").first?.decode(Date?.self) ?? nil
    }

    package func session(id: String) async throws -> SessionRecord? {
        try await rows("SELECT \(unescaped: Self.sessionColumns) FROM sessions WHERE id = \(id)").first.map(Self.session)
    }

    package func revokeSession(id: String) async throws {
        _ = try await rows("UPDATE sessions SET revoked = true WHERE id = \(id)")
    }

    package func revokeSessions(appId: String, userId: String) async throws -> Int {
        try await rows(
            "UPDATE sessions SET revoked = true WHERE app_id = \(appId) AND user_id = \(userId) AND NOT revoked RETURNING id"
        ).count
    }

    package func activeSessionCount(appId: String, userId: String, now: Date) async throws -> Int {
        try await rows(
            """
            SELECT count(*) FROM sessions WHERE app_id = \(appId) AND user_id = \(userId) AND NOT revoked AND expires_at > \(now)
            """
        ).first?.decode(Int.self) ?? 0
    }

    /// The session read `FOR UPDATE` and written in one transaction; `RefreshRotationRule` decides.
    package func rotateRefreshToken(_ rotation: RefreshRotation) async throws -> RefreshRotation.Outcome {
        let logger = logger
        return try await write { db in
            let stored = try await db.query(
                "SELECT \(unescaped: Self.sessionColumns) FROM sessions WHERE id = \(rotation.sessionId) FOR UPDATE", logger: logger
            ).collect().first.map(Self.session)
            let decision = RefreshRotationRule.decide(stored, rotation)
            if let session = decision.write {
                try await db.query(
                    """
                    UPDATE sessions SET refresh_digest = \(session.refreshDigest), previous_refresh_digest = \(session.previousRefreshDigest),
                    sealed_refresh = \(session.sealedRefresh), refresh_generation = \(session.refreshGeneration),
                    rotated_at = \(session.rotatedAt), revoked = \(session.revoked) WHERE id = \(session.id)
                    """, logger: logger)
            }
            return decision.outcome
        }
    }
}
