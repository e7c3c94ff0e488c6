import Foundation
import Logging
import PostgresNIO
import RosterServerCore

extension PostgresServerStore {
    package static let unlockKeyColumns = "id_digest, app_id, user_id, session_id, server_half, proof_digest, wrong_proofs, wrong_since_release, created_at"

    package static func unlockKey(_ row: PostgresRow) throws -> UnlockKeyRecord {
        let (digest, appId, userId, sessionId, half, proof, wrong, since, createdAt) = try row.decode(
            (String, String, String, String, Data, Data, Int, Int, Date).self)
        return UnlockKeyRecord(
            idDigest: digest, appId: appId, userId: userId, sessionId: sessionId, serverHalf: half, proofDigest: proof, wrongProofs: wrong,
            wrongSinceRelease: since, createdAt: createdAt)
    }

    package func insertUnlockKey(_ record: UnlockKeyRecord) async throws {
        let logger = logger
        try await write { db in
            try await db.query("DELETE FROM unlock_keys WHERE session_id = \(record.sessionId)", logger: logger)
            try await db.query(
                """
                INSERT INTO unlock_keys (\(unescaped: Self.unlockKeyColumns)) VALUES (\(record.idDigest), \(record.appId),
                \(record.userId), \(record.sessionId), \(record.serverHalf), \(record.proofDigest), \(record.wrongProofs),
                \(record.wrongSinceRelease), \(record.createdAt))
                """, logger: logger)
        }
    }

    package func tryUnlockKey(idDigest: String, proofDigest: Data) async throws -> UnlockKeyTry {
        let logger = logger
        return try await write { db in
            let record = try await db.query(
                "SELECT \(unescaped: Self.unlockKeyColumns) FROM unlock_keys WHERE id_digest = \(idDigest) FOR UPDATE", logger: logger
            ).collect().first.map(Self.unlockKey)
            let (answer, write) = UnlockKeyRule.decide(record, proofDigest: proofDigest)
            switch write {
            case .setCounts(let count, let since):
                try await db.query(
                    "UPDATE unlock_keys SET wrong_proofs = \(count), wrong_since_release = \(since) WHERE id_digest = \(idDigest)",
                    logger: logger)
            case .delete:
                try await db.query("DELETE FROM unlock_keys WHERE id_digest = \(idDigest)", logger: logger)
            case .nothing:
                break
            }
            return answer
        }
    }

    package func deleteUnlockKey(sessionId: String) async throws -> Bool {
        !(try await rows("DELETE FROM unlock_keys WHERE session_id = \(sessionId) RETURNING 1").isEmpty)
    }
}
