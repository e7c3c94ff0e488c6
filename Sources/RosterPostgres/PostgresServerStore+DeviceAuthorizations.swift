import Foundation
import Logging
import PostgresNIO
import RosterServerCore

extension PostgresServerStore {
    package static let deviceAuthorizationColumns = """
        id, app_id, code_digest, user_code, client, terminal, started_at, expires_at, interval_seconds, last_poll_at, state,
        user_id, provider, link_user_id, link_session_id
        """

    package static func deviceAuthorization(_ row: PostgresRow) throws -> DeviceAuthorizationRecord? {
        let (id, appId, digest, userCode, client, terminal, startedAt, expiresAt, interval, lastPollAt, state, userId, provider,
            linkUserId, linkSessionId) = try row.decode(
                (String, String, String, String, String?, String?, Date, Date, Int, Date?, String, String?, String?, String?, String?).self)
        guard let state = DeviceAuthorizationRecord.State(rawValue: state) else { return nil }
        return DeviceAuthorizationRecord(
            id: id, appId: appId, codeDigest: digest, userCode: userCode, client: client, terminal: terminal, startedAt: startedAt,
            expiresAt: expiresAt, intervalSeconds: interval, lastPollAt: lastPollAt, state: state, userId: userId, provider: provider,
            linkUserId: linkUserId, linkSessionId: linkSessionId)
    }

    package func insertDeviceAuthorization(_ record: DeviceAuthorizationRecord) async throws -> Bool {
        let logger = logger
        return try await insertingUnlessTaken { db in
            try await db.query(
                "DELETE FROM device_authorizations WHERE user_code = \(record.userCode) AND expires_at <= \(record.startedAt)",
                logger: logger)
            try await db.query(
                """
                INSERT INTO device_authorizations (\(unescaped: Self.deviceAuthorizationColumns)) VALUES (\(record.id), \(record.appId),
                \(record.codeDigest), \(record.userCode), \(record.client), \(record.terminal), \(record.startedAt), \(record.expiresAt),
                \(record.intervalSeconds), \(record.lastPollAt), \(record.state.rawValue), \(record.userId), \(record.provider),
                \(record.linkUserId), \(record.linkSessionId))
                """, logger: logger)
        }
    }

    package func deviceAuthorization(userCode: String) async throws -> DeviceAuthorizationRecord? {
        try await rows("SELECT \(unescaped: Self.deviceAuthorizationColumns) FROM device_authorizations WHERE user_code = \(userCode)")
            .first.flatMap(Self.deviceAuthorization)
    }

    package func deviceAuthorization(id: String) async throws -> DeviceAuthorizationRecord? {
        try await rows("SELECT \(unescaped: Self.deviceAuthorizationColumns) FROM device_authorizations WHERE id = \(id)")
            .first.flatMap(Self.deviceAuthorization)
    }

    package func pollDeviceAuthorization(appId: String, codeDigest: String, now: Date, slowDownStep: Int) async throws -> DevicePoll {
        let logger = logger
        return try await write { db in
            guard
                var record = try await db.query(
                    """
                    SELECT \(unescaped: Self.deviceAuthorizationColumns) FROM device_authorizations
                    WHERE code_digest = \(codeDigest) AND app_id = \(appId) FOR UPDATE
                    """, logger: logger
                ).collect().first.flatMap(Self.deviceAuthorization)
            else { return .unknown }
            let poll = DevicePollRule.decide(&record, now: now, slowDownStep: slowDownStep)
            try await db.query(
                """
                UPDATE device_authorizations SET interval_seconds = \(record.intervalSeconds), last_poll_at = \(record.lastPollAt)
                WHERE id = \(record.id)
                """, logger: logger)
            return poll
        }
    }

    package func decideDeviceAuthorization(id: String, _ decision: DeviceDecision, now: Date) async throws -> Bool {
        let (state, userId, provider) = DevicePollRule.columns(of: decision)
        let logger = logger
        return try await write { db in
            try await db.query(
                """
                UPDATE device_authorizations SET state = \(state.rawValue), user_id = \(userId), provider = \(provider)
                WHERE id = \(id) AND state = 'pending' AND expires_at > \(now) RETURNING 1
                """, logger: logger
            ).collect().count > 0
        }
    }

    package func redeemDeviceAuthorization(id: String, session: SessionRecord?) async throws -> Bool {
        let logger = logger
        return try await write { db in
            let used = try await db.query(
                "UPDATE device_authorizations SET state = 'used' WHERE id = \(id) AND state = 'approved' RETURNING 1", logger: logger
            ).collect().count > 0
            guard used else { return false }
            if let session {
                try await db.query(
                    """
                    INSERT INTO sessions (\(unescaped: Self.sessionColumns)) VALUES (\(session.id), \(session.appId), \(session.userId),
                    \(session.deviceId), \(session.refreshDigest), \(session.createdAt), \(session.expiresAt), \(session.revoked),
                    \(session.refreshGeneration), \(session.previousRefreshDigest), \(session.rotatedAt), \(session.sealedRefresh))
                    """, logger: logger)
                _ = try await db.count(UserAuthenticationRule.statement(for: session), logger: logger)
            }
            return true
        }
    }
}
