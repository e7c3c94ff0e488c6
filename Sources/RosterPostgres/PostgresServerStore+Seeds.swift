import Logging
import PostgresNIO
import RosterServerCore

extension PostgresServerStore {
    package func seedIfEmpty(appId: String, _ seeds: [SeedUser]) async throws -> Bool {
        let logger = logger
        return try await write { db in
            let count = try await db.query("SELECT count(*) FROM users WHERE app_id = \(appId)", logger: logger)
                .collect().first?.decode(Int.self) ?? 0
            guard count == 0 else { return false }
            try await Self.insert(db, seeds, logger: logger)
            return true
        }
    }

    package func addSeeds(_ seeds: [SeedUser]) async throws {
        let logger = logger
        try await write { db in try await Self.insert(db, seeds, logger: logger) }
    }

    private static func insert(_ db: PostgresConnection, _ seeds: [SeedUser], logger: Logger) async throws {
        for seed in seeds {
            try await insert(db, seed.user, logger: logger)
            try await insert(db, seed.account, logger: logger)
            try await insert(db, seed.identity, logger: logger)
            if let document = seed.document {
                try await replaceDocument(db, document.selector, with: document.record, logger: logger)
            }
        }
    }
}
