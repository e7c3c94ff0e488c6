import Foundation
import GRDB

extension SQLiteServerStore {
    package func insertWebSignIn(_ record: WebSignInRecord, now: Date) async throws {
        let stale = WebSignInRule.clearedBefore(now)
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM web_sign_ins WHERE app_id = ? AND expires_at < ?", arguments: [record.appId, stale])
            try record.insert(db)
        }
    }

    package func takeWebSignIn(appId: String?, stateDigest: String, now: Date) async throws -> WebSignInTake {
        try await durableWrite { db in
            let record = try WebSignInRecord.fetchOne(db, key: stateDigest)
            let take = WebSignInRule.take(record, appId: appId, now: now)
            if case .taken = take {
                try db.execute(sql: "UPDATE web_sign_ins SET used = 1 WHERE state_digest = ?", arguments: [stateDigest])
            }
            return take
        }
    }
}
