import Foundation
import GRDB

extension SQLiteServerStore {
    /// The app's keys whose user is the server user made with them (`ServerAPIKeyStore`).
    private static let serverKeys = """
        FROM api_keys k JOIN identities i ON i.app_id = k.app_id AND i.provider_type = 'api-key' AND i.provider_id = k.id
        AND i.user_id = k.user_id WHERE k.app_id = ?
        """

    package func insertServerAPIKey(_ key: APIKeyRecord, user: UserRecord, identity: IdentityRecord, limit: Int) async throws
        -> ServerAPIKeyInsertion
    {
        // Immediate: the count and the name are decided with the write, across processes too.
        try await durableWrite { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 \(Self.serverKeys) AND k.name = ?", arguments: [key.appId, key.name]) != nil {
                return .nameTaken
            }
            if try Int.fetchOne(db, sql: "SELECT COUNT(*) \(Self.serverKeys)", arguments: [key.appId]) ?? 0 >= limit { return .full }
            try user.insert(db)
            try identity.insert(db)
            try key.insert(db)
            return .inserted
        }
    }

    package func serverAPIKeys(appId: String, limit: Int) async throws -> [APIKeyRecord] {
        try await pool.read { db in
            try APIKeyRecord.fetchAll(
                db, sql: "SELECT k.* \(Self.serverKeys) ORDER BY k.created_at, k.id LIMIT ?", arguments: [appId, max(0, limit)])
        }
    }

    package func serverAPIKey(appId: String, id: String) async throws -> APIKeyRecord? {
        try await pool.read { db in
            try APIKeyRecord.fetchOne(db, sql: "SELECT k.* \(Self.serverKeys) AND k.id = ?", arguments: [appId, id])
        }
    }
}
