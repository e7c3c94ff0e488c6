import Foundation
import GRDB

extension SQLiteDeviceStore {
    static let adminPINKey = "admin_pin"
    static let adminWrongTriesKey = "admin_pin_wrong"
    static let adminRetryAtKey = "admin_pin_retry_at"

    func adminPIN() throws -> AdminPINRecord? {
        try read { db in try Self.adminPIN(db) }
    }

    /// The record; a value that does not read as one is an error, not "no admin PIN".
    static func adminPIN(_ db: Database) throws -> AdminPINRecord? {
        guard let text = try metadata(adminPINKey, db) else { return nil }
        guard let record = AdminPINRecord(text: text) else { throw RosterError.storeFailed("the admin PIN's record cannot be read") }
        return record
    }

    func setAdminPIN(_ record: AdminPINRecord?, replacing: AdminPINRecord?) throws {
        try write { db in
            guard try Self.adminPIN(db) == replacing else {
                throw RosterError.invalidRequest("the admin PIN was changed meanwhile; nothing was changed, try again")
            }
            if let record {
                try Self.setMetadata(Self.adminPINKey, record.text, db)
            } else {
                try db.execute(sql: "DELETE FROM metadata WHERE key = ?", arguments: [Self.adminPINKey])
            }
            try Self.clearAdminPINTries(db)
        }
    }

    func beginAdminPINTry(at: Date, delay: @Sendable (Int) -> TimeInterval?) throws -> SecretTry {
        try write { db in
            guard try Self.adminPIN(db) != nil else { return .gone }
            let known = SecretTryRule.Counter(
                wrong: try Self.metadata(Self.adminWrongTriesKey, db).flatMap(Int.init) ?? 0,
                retryAt: try Self.metadata(Self.adminRetryAtKey, db).flatMap(TimeInterval.init).map(Date.init(timeIntervalSince1970:)))
            let (answer, counter) = SecretTryRule.begin(known, at: at, delay: delay)
            guard let counter else { return answer }
            try Self.setMetadata(Self.adminWrongTriesKey, String(counter.wrong), db)
            if let retryAt = counter.retryAt {
                try Self.setMetadata(Self.adminRetryAtKey, String(retryAt.timeIntervalSince1970), db)
            } else {
                try db.execute(sql: "DELETE FROM metadata WHERE key = ?", arguments: [Self.adminRetryAtKey])
            }
            return answer
        }
    }

    func clearAdminPINTries() throws {
        try write { db in try Self.clearAdminPINTries(db) }
    }

    private static func clearAdminPINTries(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM metadata WHERE key IN (?, ?)", arguments: [adminWrongTriesKey, adminRetryAtKey])
    }
}
