import Foundation
import Logging
import PostgresNIO
import RosterServerCore

extension PostgresServerStore {
    package func purge(_ rule: PurgeRule) async throws -> PurgeReport {
        let logger = logger
        return try await write { db in
            var report = PurgeReport()
            for userId in try await db.strings(rule.anonymousUsers, logger: logger)
            where try await Self.deleteUser(db, appId: rule.appId, userId: userId, logger: logger) {
                report.anonymousUsers += 1
            }
            for sweep in rule.sweeps { report[keyPath: sweep.count] = try await db.count(sweep.statement, logger: logger) }
            return report
        }
    }
}
