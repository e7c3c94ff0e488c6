import Foundation
import GRDB

extension SQLiteServerStore {
    package func insertDeviceAuthorization(_ record: DeviceAuthorizationRecord) async throws -> Bool {
        do {
            return try await pool.write { db in
                try db.execute(
                    sql: "DELETE FROM device_authorizations WHERE user_code = ? AND expires_at <= ?",
                    arguments: [record.userCode, record.startedAt])
                try record.insert(db)
                return true
            }
        } catch let error as DatabaseError where error.isUniqueViolation {
            return false
        }
    }

    package func deviceAuthorization(userCode: String) async throws -> DeviceAuthorizationRecord? {
        try await pool.read { db in try DeviceAuthorizationRecord.filter(Column("user_code") == userCode).fetchOne(db) }
    }

    package func deviceAuthorization(id: String) async throws -> DeviceAuthorizationRecord? {
        try await pool.read { db in try DeviceAuthorizationRecord.fetchOne(db, key: id) }
    }

    package func pollDeviceAuthorization(appId: String, codeDigest: String, now: Date, slowDownStep: Int) async throws -> DevicePoll {
        try await pool.write { db in
            guard var record = try DeviceAuthorizationRecord.filter(Column("code_digest") == codeDigest && Column("app_id") == appId)
                .fetchOne(db) else { return .unknown }
            let poll = DevicePollRule.decide(&record, now: now, slowDownStep: slowDownStep)
            try db.execute(
                sql: "UPDATE device_authorizations SET interval_seconds = ?, last_poll_at = ? WHERE id = ?",
                arguments: [record.intervalSeconds, record.lastPollAt, record.id])
            return poll
        }
    }

    package func decideDeviceAuthorization(id: String, _ decision: DeviceDecision, now: Date) async throws -> Bool {
        try await durableWrite { db in
            let (state, userId, provider) = DevicePollRule.columns(of: decision)
            try db.execute(
                sql: """
                    UPDATE device_authorizations SET state = ?, user_id = ?, provider = ?
                    WHERE id = ? AND state = 'pending' AND expires_at > ?
                    """,
                arguments: [state.rawValue, userId, provider, id, now])
            return db.changesCount > 0
        }
    }

    package func redeemDeviceAuthorization(id: String, session: SessionRecord?) async throws -> Bool {
        try await durableWrite { db in
            try db.execute(sql: "UPDATE device_authorizations SET state = 'used' WHERE id = ? AND state = 'approved'", arguments: [id])
            guard db.changesCount > 0 else { return false }
            if let session {
                try session.insert(db)
                _ = try db.count(UserAuthenticationRule.statement(for: session))
            }
            return true
        }
    }
}
