import Foundation
import Logging
import PostgresNIO
import RosterServerCore

extension PostgresServerStore {
    private static let operatorColumns = "id, email, password_hash, group_id, created_at"

    private static func operatorRecord(_ row: PostgresRow) throws -> OperatorRecord {
        let (id, email, hash, groupId, createdAt) = try row.decode((String, String, String, String, Date).self)
        return OperatorRecord(id: id, email: email, passwordHash: hash, groupId: groupId, createdAt: createdAt)
    }

    package func createOperator(_ record: OperatorRecord) async throws -> Bool {
        let logger = logger
        return try await write { db in
            try await !db.query(
                """
                INSERT INTO operators (\(unescaped: Self.operatorColumns)) VALUES (\(record.id), \(record.email), \(record.passwordHash),
                \(record.groupId), \(record.createdAt)) ON CONFLICT DO NOTHING RETURNING id
                """, logger: logger
            ).collect().isEmpty
        }
    }

    package func operators() async throws -> [OperatorRecord] {
        try await rows("SELECT \(unescaped: Self.operatorColumns) FROM operators ORDER BY email").map(Self.operatorRecord)
    }

    package func operatorRecord(email: String) async throws -> OperatorRecord? {
        try await rows("SELECT \(unescaped: Self.operatorColumns) FROM operators WHERE email = \(email)").first.map(Self.operatorRecord)
    }

    package func operatorRecord(id: String) async throws -> OperatorRecord? {
        try await rows("SELECT \(unescaped: Self.operatorColumns) FROM operators WHERE id = \(id)").first.map(Self.operatorRecord)
    }

    package func removeOperator(id: String) async throws -> Bool {
        let logger = logger
        return try await write { db in
            try await db.query("DELETE FROM admin_sessions WHERE operator_id = \(id)", logger: logger)
            try await db.query("DELETE FROM operator_api_keys WHERE operator_id = \(id)", logger: logger)
            return try await !db.query("DELETE FROM operators WHERE id = \(id) RETURNING id", logger: logger).collect().isEmpty
        }
    }

    package func addOperatorAPIKey(_ record: OperatorAPIKeyRecord) async throws {
        let logger = logger
        try await write { db in
            try await db.query(
                """
                INSERT INTO operator_api_keys (public_key, operator_id, key_digest, created_at) VALUES (\(record.publicKey),
                \(record.operatorId), \(record.keyDigest), \(record.createdAt))
                """, logger: logger)
        }
    }

    package func operatorAPIKey(publicKey: String) async throws -> OperatorAPIKeyRecord? {
        try await rows("SELECT public_key, operator_id, key_digest, created_at FROM operator_api_keys WHERE public_key = \(publicKey)")
            .first.map { row in
                let (publicKey, operatorId, digest, createdAt) = try row.decode((String, String, String, Date).self)
                return OperatorAPIKeyRecord(publicKey: publicKey, operatorId: operatorId, keyDigest: digest, createdAt: createdAt)
            }
    }

    package func createAdminSession(_ record: AdminSessionRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO admin_sessions (id, operator_id, created_at, expires_at) VALUES (\(record.id), \(record.operatorId),
            \(record.createdAt), \(record.expiresAt))
            """)
    }

    package func adminSession(id: String) async throws -> AdminSessionRecord? {
        try await rows("SELECT id, operator_id, created_at, expires_at FROM admin_sessions WHERE id = \(id)").first.map { row in
            let (id, operatorId, createdAt, expiresAt) = try row.decode((String, String, Date, Date).self)
            return AdminSessionRecord(id: id, operatorId: operatorId, createdAt: createdAt, expiresAt: expiresAt)
        }
    }

    package func deleteAdminSession(id: String) async throws -> Bool {
        try await !rows("DELETE FROM admin_sessions WHERE id = \(id) RETURNING id").isEmpty
    }
}
