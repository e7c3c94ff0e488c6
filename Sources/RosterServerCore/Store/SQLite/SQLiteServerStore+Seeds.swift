import GRDB

extension SQLiteServerStore {
    package func seedIfEmpty(appId: String, _ seeds: [SeedUser]) async throws -> Bool {
        try await pool.write { db in
            guard try UserRecord.filter(Column("app_id") == appId).fetchCount(db) == 0 else { return false }
            try Self.insert(db, seeds)
            return true
        }
    }

    package func addSeeds(_ seeds: [SeedUser]) async throws {
        try await pool.write { db in try Self.insert(db, seeds) }
    }

    private static func insert(_ db: Database, _ seeds: [SeedUser]) throws {
        for seed in seeds {
            try seed.user.insert(db)
            try seed.account.insert(db)
            try seed.identity.insert(db)
            if let document = seed.document {
                try replaceDocument(db, document.selector, with: document.record)
            }
        }
    }
}
