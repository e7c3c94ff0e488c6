import Foundation
import GRDB

extension SQLiteDeviceStore {
    func beginSecretTry(id: String, entry: String, at: Date, delay: @Sendable (Int) -> TimeInterval?) throws -> SecretTry {
        try write { db in
            guard var user = try StoredUser.fetchOne(db, key: id), user.entry == entry else { return .gone }
            if let retryAt = user.secretRetryAt, retryAt > at { return .waiting(until: retryAt) }
            user.wrongSecrets += 1
            user.secretRetryAt = delay(user.wrongSecrets).map { at.addingTimeInterval($0) }
            try user.update(db)
            return .counted(user.wrongSecrets)
        }
    }

    func clearWrongSecrets(id: String, entry: String) throws {
        try write { db in
            _ = try StoredUser.filter(key: id).filter(StoredUser.Columns.entry == entry)
                .updateAll(db, StoredUser.Columns.wrongSecrets.set(to: 0), StoredUser.Columns.secretRetryAt.set(to: nil))
        }
    }
}
