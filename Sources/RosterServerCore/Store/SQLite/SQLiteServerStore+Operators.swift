import Foundation
import GRDB

extension SQLiteServerStore {
    private static let operatorColumns = "id, email, password_hash, group_id, created_at"

    private static func operatorRecord(_ row: Row) -> OperatorRecord {
        OperatorRecord(id: row[0], email: row[1], passwordHash: row[2], groupId: row[3], createdAt: row[4])
    }

    package func createOperator(_ record: OperatorRecord) async throws -> Bool {
        try await durableWrite { db in
            try db.execute(
                sql: "INSERT INTO operators (\(Self.operatorColumns)) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [record.id, record.email, record.passwordHash, record.groupId, record.createdAt])
            return db.changesCount == 1
        }
    }

    package func operators() async throws -> [OperatorRecord] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.operatorColumns) FROM operators ORDER BY email").map(Self.operatorRecord)
        }
    }

    package func operatorRecord(email: String) async throws -> OperatorRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.operatorColumns) FROM operators WHERE email = ?", arguments: [email])
                .map(Self.operatorRecord)
        }
    }

    package func operatorRecord(id: String) async throws -> OperatorRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.operatorColumns) FROM operators WHERE id = ?", arguments: [id]).map(Self.operatorRecord)
        }
    }

    package func removeOperator(id: String) async throws -> Bool {
        try await durableWrite { db in
            try db.execute(sql: "DELETE FROM admin_sessions WHERE operator_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM operator_api_keys WHERE operator_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM operators WHERE id = ?", arguments: [id])
            return db.changesCount == 1
        }
    }

    package func addOperatorAPIKey(_ record: OperatorAPIKeyRecord) async throws {
        try await durableWrite { db in
            try db.execute(
                sql: "INSERT INTO operator_api_keys (public_key, operator_id, key_digest, created_at) VALUES (?, ?, ?, ?)",
                arguments: [record.publicKey, record.operatorId, record.keyDigest, record.createdAt])
        }
    }

    package func operatorAPIKey(publicKey: String) async throws -> OperatorAPIKeyRecord? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT public_key, operator_id, key_digest, created_at FROM operator_api_keys WHERE public_key = ?",
                arguments: [publicKey]
            ).map { OperatorAPIKeyRecord(publicKey: $0[0], operatorId: $0[1], keyDigest: $0[2], createdAt: $0[3]) }
        }
    }

    package func createAdminSession(_ record: AdminSessionRecord) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT INTO admin_sessions (id, operator_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [record.id, record.operatorId, record.createdAt, record.expiresAt])
        }
    }

    package func adminSession(id: String) async throws -> AdminSessionRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT id, operator_id, created_at, expires_at FROM admin_sessions WHERE id = ?", arguments: [id])
                .map { AdminSessionRecord(id: $0[0], operatorId: $0[1], createdAt: $0[2], expiresAt: $0[3]) }
        }
    }

    package func deleteAdminSession(id: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM admin_sessions WHERE id = ?", arguments: [id])
            return db.changesCount == 1
        }
    }
}
