import Foundation
import GRDB

extension SQLiteServerStore {
    package func purge(_ rule: PurgeRule) async throws -> PurgeReport {
        try await pool.write { db in
            var report = PurgeReport()
            for userId in try db.strings(rule.anonymousUsers) where try Self.deleteUser(db, appId: rule.appId, userId: userId) {
                report.anonymousUsers += 1
            }
            for sweep in rule.sweeps { report[keyPath: sweep.count] = try db.count(sweep.statement) }
            return report
        }
    }
}
