import Foundation
import GRDB

extension SQLiteDeviceStore {
    static let lastActivityKey = "activity_last"
    static let lockedAtKey = "activity_locked_at"
    static let lockedUserKey = "activity_locked_user"

    func activity() throws -> DeviceActivity {
        try read { db in try Self.activity(db) }
    }

    static func activity(_ db: Database) throws -> DeviceActivity {
        DeviceActivity(
            lastActivityAt: try metadata(lastActivityKey, db).flatMap(TimeInterval.init).map(Date.init(timeIntervalSince1970:)),
            lockedAt: try metadata(lockedAtKey, db).flatMap(TimeInterval.init).map(Date.init(timeIntervalSince1970:)),
            lockedUserId: try metadata(lockedUserKey, db))
    }

    /// Written without a new revision: a key pressed is not a change of the users.
    func recordActivity(at: Date) throws {
        try writeQuietly { db in try Self.recordActivity(at: at, db) }
    }

    static func recordActivity(at: Date, _ db: Database) throws {
        let known = try activity(db).lastActivityAt ?? .distantPast
        guard at > known else { return }
        try setMetadata(lastActivityKey, String(at.timeIntervalSince1970), db)
    }

    func markIdleLocked(userId: String?, at: Date, idleSince: Date) throws -> IdleLockOutcome {
        try writeQuietly { db in
            let known = try Self.activity(db)
            guard (known.lastActivityAt ?? .distantPast) <= idleSince else { return .someoneActive }
            if let lockedAt = known.lockedAt, lockedAt >= idleSince, known.lockedUserId == userId { return .lockedElsewhere }
            try Self.setMetadata(Self.lockedAtKey, String(at.timeIntervalSince1970), db)
            if let userId {
                try Self.setMetadata(Self.lockedUserKey, userId, db)
            } else {
                try db.execute(sql: "DELETE FROM metadata WHERE key = ?", arguments: [Self.lockedUserKey])
            }
            return .locked
        }
    }

    func clearCurrentUserIfIdle(since idleSince: Date) throws -> IdleLockOutcome {
        try write { db in
            guard (try Self.activity(db).lastActivityAt ?? .distantPast) <= idleSince else { return .someoneActive }
            guard try Self.currentUserId(db) != nil else { return .lockedElsewhere }
            try Self.setCurrentUserId(nil, db)
            return .locked
        }
    }

    /// A write that other processes' change watch does not see (no new revision).
    private func writeQuietly<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.write(body)
        } catch let error as RosterError {
            throw error
        } catch {
            throw RosterError.storeFailed(Self.reason(error))
        }
    }
}
