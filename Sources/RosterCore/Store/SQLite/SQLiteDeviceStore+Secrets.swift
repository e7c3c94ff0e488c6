import Foundation
import GRDB

extension SQLiteDeviceStore {
    func beginSecretTry(id: String, entry: String, at: Date, delay: @Sendable (Int) -> TimeInterval?) throws -> SecretTry {
        try write { db in
            guard var user = try StoredUser.fetchOne(db, key: id), user.entry == entry else { return .gone }
            let (answer, counter) = SecretTryRule.begin(.init(wrong: user.wrongSecrets, retryAt: user.secretRetryAt), at: at, delay: delay)
            if let counter {
                user.wrongSecrets = counter.wrong
                user.secretRetryAt = counter.retryAt
                try user.update(db)
            }
            return answer
        }
    }

    func clearWrongSecrets(id: String, entry: String) throws {
        try write { db in
            _ = try StoredUser.filter(key: id).filter(StoredUser.Columns.entry == entry)
                .updateAll(db, StoredUser.Columns.wrongSecrets.set(to: 0), StoredUser.Columns.secretRetryAt.set(to: nil))
        }
    }
}
