import Foundation
import GRDB

extension SQLiteServerStore {
    package func insertWebSignIn(_ record: WebSignInRecord, now: Date) async throws {
        let stale = now.addingTimeInterval(-WebSignInRecord.keptAfterExpiry)
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM web_sign_in WHERE app_id = ? AND expires_at < ?", arguments: [record.appId, stale])
            try record.insert(db)
        }
    }

    package func takeWebSignIn(appId: String?, stateDigest: String, now: Date) async throws -> WebSignInTake {
        try await durableWrite { db in
            var request = WebSignInRecord.filter(Column("state_digest") == stateDigest)
            if let appId { request = request.filter(Column("app_id") == appId) }
            guard let record = try request.fetchOne(db) else { return .unknown }
            let take = record.take(at: now)
            if case .taken = take {
                try db.execute(sql: "UPDATE web_sign_in SET used = 1 WHERE state_digest = ?", arguments: [stateDigest])
            }
            return take
        }
    }
}
