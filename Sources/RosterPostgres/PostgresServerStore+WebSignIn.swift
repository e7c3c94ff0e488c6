import Foundation
import Logging
import PostgresNIO
import RosterServerCore

extension PostgresServerStore {
    package static let webSignInColumns = "state_digest, app_id, provider, purpose, code_verifier, nonce, callback, created_at, expires_at, used"

    package static func webSignIn(_ row: PostgresRow) throws -> WebSignInRecord {
        let (digest, appId, provider, purpose, verifier, nonce, callback, createdAt, expiresAt, used) = try row.decode(
            (String, String, String, String, String, String, String, Date, Date, Bool).self)
        return WebSignInRecord(
            stateDigest: digest, appId: appId, provider: provider, purpose: purpose, codeVerifier: verifier, nonce: nonce,
            callback: callback, createdAt: createdAt, expiresAt: expiresAt, used: used)
    }

    package func insertWebSignIn(_ record: WebSignInRecord, now: Date) async throws {
        let logger = logger
        let stale = WebSignInRule.clearedBefore(now)
        try await write { db in
            try await db.query("DELETE FROM web_sign_ins WHERE app_id = \(record.appId) AND expires_at < \(stale)", logger: logger)
            try await db.query(
                """
                INSERT INTO web_sign_ins (\(unescaped: Self.webSignInColumns)) VALUES (\(record.stateDigest), \(record.appId),
                \(record.provider), \(record.purpose), \(record.codeVerifier), \(record.nonce), \(record.callback),
                \(record.createdAt), \(record.expiresAt), \(record.used))
                """, logger: logger)
        }
    }

    package func takeWebSignIn(appId: String?, stateDigest: String, now: Date) async throws -> WebSignInTake {
        let logger = logger
        return try await write { db in
            let record = try await db.query(
                "SELECT \(unescaped: Self.webSignInColumns) FROM web_sign_ins WHERE state_digest = \(stateDigest) FOR UPDATE",
                logger: logger
            ).collect().first.map(Self.webSignIn)
            let take = WebSignInRule.take(record, appId: appId, now: now)
            if case .taken = take {
                try await db.query("UPDATE web_sign_ins SET used = true WHERE state_digest = \(stateDigest)", logger: logger)
            }
            return take
        }
    }
}
