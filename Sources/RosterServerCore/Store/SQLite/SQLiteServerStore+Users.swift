import Foundation
import GRDB

extension SQLiteServerStore {
    /// On a cached statement, as every lookup a request makes: an API-key log-in reads its user.
    package func user(appId: String, id: String) async throws -> UserRecord? {
        try await pool.read { db in
            try UserRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM users WHERE app_id = ? AND id = ?"), arguments: [appId, id])
        }
    }

    package func users(appId: String) async throws -> [UserRecord] {
        try await pool.read { db in
            try UserRecord.filter(Column("app_id") == appId).order(Column("created_at"), Column("id")).fetchAll(db)
        }
    }

    package func userCount(appId: String) async throws -> Int {
        try await pool.read { db in try UserRecord.filter(Column("app_id") == appId).fetchCount(db) }
    }

    /// On the calling thread when a reader is idle (`CallingThreadReaders`), on a cached
    /// statement: every profile request reads them.
    package func identities(appId: String, userId: String) async throws -> [IdentityRecord] {
        let read = { @Sendable (db: Database) throws -> [IdentityRecord] in
            let sql = "SELECT * FROM identities WHERE app_id = ? AND user_id = ? ORDER BY created_at, provider_type"
            return try IdentityRecord.fetchAll(db.cachedStatement(sql: sql), arguments: [appId, userId])
        }
        if let identities = try callingThreadReaders.read(read) { return identities }
        return try await pool.read(read)
    }

    package func identity(appId: String, providerType: String, providerId: String) async throws -> IdentityRecord? {
        try await pool.read { db in try Self.identity(db, appId: appId, providerType: providerType, providerId: providerId) }
    }

    /// On a cached statement: every log-in looks its identity up.
    package static func identity(_ db: Database, appId: String, providerType: String, providerId: String) throws -> IdentityRecord? {
        let sql = "SELECT * FROM identities WHERE app_id = ? AND provider_type = ? AND provider_id = ?"
        return try IdentityRecord.fetchOne(db.cachedStatement(sql: sql), arguments: [appId, providerType, providerId])
    }

    package func findOrCreateUser(identity: IdentityRecord, newUser: UserRecord) async throws -> UserRecord {
        try await pool.write { db in
            let found = "SELECT * FROM users WHERE app_id = ? AND id = ?"
            if let existing = try Self.identity(
                db, appId: identity.appId, providerType: identity.providerType, providerId: identity.providerId),
                let user = try UserRecord.fetchOne(db.cachedStatement(sql: found), arguments: [existing.appId, existing.userId])
            {
                return user
            }
            try newUser.insert(db)
            var linked = identity
            linked.userId = newUser.id
            try linked.insert(db)
            return newUser
        }
    }

    /// The user's change (`UserChange`) is written with the identity, for the change streams
    /// whose roles read their identities.
    package func addIdentity(_ identity: IdentityRecord) async throws -> Bool {
        let hub = changes
        do {
            try await pool.write { db in
                try identity.insert(db)
                try Self.record([UserChange.change(appId: identity.appId, userId: identity.userId, at: hub.now())], db, hub: hub)
            }
            return true
        } catch let error as DatabaseError where error.isUniqueViolation {
            return false
        }
    }

    /// The user's change (`UserChange`) is written with the profile, for the change streams
    /// whose roles read their data.
    package func updateProfile(appId: String, userId: String, profile: String) async throws {
        let hub = changes
        try await pool.write { db in
            try db.execute(sql: "UPDATE users SET profile = ? WHERE app_id = ? AND id = ?", arguments: [profile, appId, userId])
            guard db.changesCount > 0 else { return }
            try Self.record([UserChange.change(appId: appId, userId: userId, at: hub.now())], db, hub: hub)
        }
    }

    package func setDisabled(appId: String, userId: String, disabled: Bool) async throws -> Bool {
        try await durableWrite { db in
            try db.execute(sql: "UPDATE users SET disabled = ? WHERE app_id = ? AND id = ?", arguments: [disabled, appId, userId])
            guard db.changesCount > 0 else { return false }
            if disabled {
                try db.execute(
                    sql: "UPDATE sessions SET revoked = 1 WHERE app_id = ? AND user_id = ? AND revoked = 0", arguments: [appId, userId])
            }
            return true
        }
    }

    package func deleteUser(appId: String, userId: String) async throws -> Bool {
        try await durableWrite { db in try Self.deleteUser(db, appId: appId, userId: userId) }
    }

    package static func deleteUser(_ db: Database, appId: String, userId: String) throws -> Bool {
        var deleted = false
        for statement in UserDeletionRule.statements(appId: appId, userId: userId) { deleted = try db.count(statement) > 0 }
        return deleted
    }

    // MARK: Sessions

    package func insertSession(_ session: SessionRecord) async throws {
        try await pool.write { db in
            try session.insert(db)
            _ = try db.count(UserAuthenticationRule.statement(for: session))
        }
    }

    package func lastAuthentication(appId: String, userId: String) async throws -> Date? {
        try await pool.read { db in
            try Date?.fetchOne(
                db, sql: "SELECT last_authenticated_at FROM users WHERE app_id = ? AND id = ?", arguments: [appId, userId]) ?? nil
        }
    }

    package func session(id: String) async throws -> SessionRecord? {
        try await pool.read { db in
            try SessionRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM sessions WHERE id = ?"), arguments: [id])
        }
    }

    package func revokeSession(id: String) async throws {
        try await durableWrite { db in
            try db.execute(sql: "UPDATE sessions SET revoked = 1 WHERE id = ?", arguments: [id])
        }
    }

    package func revokeSessions(appId: String, userId: String) async throws -> Int {
        try await durableWrite { db in
            try db.execute(
                sql: "UPDATE sessions SET revoked = 1 WHERE app_id = ? AND user_id = ? AND revoked = 0",
                arguments: [appId, userId])
            return db.changesCount
        }
    }

    package func activeSessionCount(appId: String, userId: String, now: Date) async throws -> Int {
        try await pool.read { db in
            try SessionRecord.filter(
                Column("app_id") == appId && Column("user_id") == userId && Column("revoked") == false
                    && Column("expires_at") > now
            ).fetchCount(db)
        }
    }
}
