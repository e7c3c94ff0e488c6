import Foundation
import Logging
import PostgresNIO
import RosterServerCore

extension PostgresServerStore {
    package func insertServerAPIKey(_ key: APIKeyRecord, user: UserRecord, identity: IdentityRecord, limit: Int) async throws
        -> ServerAPIKeyInsertion
    {
        let logger = logger
        return try await write { db in
            // One app's server keys are made one at a time over every process: the count and the
            // name are decided under the lock, with the write.
            try await db.query("SELECT pg_advisory_xact_lock(hashtextextended(\("roster-server-api-keys:" + key.appId), 0))", logger: logger)
            let counts = try await db.query(
                """
                SELECT COUNT(*), COUNT(*) FILTER (WHERE k.name = \(key.name)) FROM api_keys k JOIN identities i ON i.app_id = k.app_id
                AND i.provider_type = 'api-key' AND i.provider_id = k.id AND i.user_id = k.user_id WHERE k.app_id = \(key.appId)
                """, logger: logger
            ).collect().first?.decode((Int, Int).self) ?? (0, 0)
            if counts.1 > 0 { return .nameTaken }
            if counts.0 >= limit { return .full }
            try await Self.insert(db, user, logger: logger)
            try await Self.insert(db, identity, logger: logger)
            try await db.query(
                """
                INSERT INTO api_keys (\(unescaped: Self.apiKeyColumns)) VALUES (\(key.id), \(key.appId), \(key.userId), \(key.name),
                \(key.keyDigest), \(key.disabled), \(key.createdAt))
                """, logger: logger)
            return .inserted
        }
    }

    package func serverAPIKeys(appId: String, limit: Int) async throws -> [APIKeyRecord] {
        try await rows(
            """
            SELECT \(unescaped: Self.serverKeyColumns) FROM api_keys k JOIN identities i ON i.app_id = k.app_id
            AND i.provider_type = 'api-key' AND i.provider_id = k.id AND i.user_id = k.user_id WHERE k.app_id = \(appId)
            ORDER BY k.created_at, k.id LIMIT \(max(0, limit))
            """
        ).map(Self.apiKey)
    }

    package func serverAPIKey(appId: String, id: String) async throws -> APIKeyRecord? {
        try await rows(
            """
            SELECT \(unescaped: Self.serverKeyColumns) FROM api_keys k JOIN identities i ON i.app_id = k.app_id
            AND i.provider_type = 'api-key' AND i.provider_id = k.id AND i.user_id = k.user_id WHERE k.app_id = \(appId) AND k.id = \(id)
            """
        ).first.map(Self.apiKey)
    }

    private static let serverKeyColumns = "k.id, k.app_id, k.user_id, k.name, k.key_digest, k.disabled, k.created_at"
}
