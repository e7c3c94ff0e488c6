import Foundation
import GRDB

extension SQLiteServerStore {
    package func insertUnlockKey(_ record: UnlockKeyRecord) async throws {
        try await durableWrite { db in
            try db.execute(sql: "DELETE FROM unlock_keys WHERE session_id = ?", arguments: [record.sessionId])
            try record.insert(db)
        }
    }

    package func tryUnlockKey(idDigest: String, proofDigest: Data) async throws -> UnlockKeyTry {
        try await durableWrite { db in
            let (answer, write) = UnlockKeyRule.decide(try UnlockKeyRecord.fetchOne(db, key: idDigest), proofDigest: proofDigest)
            switch write {
            case .setCounts(let count, let since):
                try db.execute(
                    sql: "UPDATE unlock_keys SET wrong_proofs = ?, wrong_since_release = ? WHERE id_digest = ?", arguments: [count, since, idDigest])
            case .delete:
                try db.execute(sql: "DELETE FROM unlock_keys WHERE id_digest = ?", arguments: [idDigest])
            case .nothing:
                break
            }
            return answer
        }
    }

    package func deleteUnlockKey(sessionId: String) async throws -> Bool {
        try await durableWrite { db in
            try db.execute(sql: "DELETE FROM unlock_keys WHERE session_id = ?", arguments: [sessionId])
            return db.changesCount > 0
        }
    }
}
