import GRDB

extension SQLiteServerStore {
    func addSeeds(_ seeds: [SeedUser]) async throws {
        try await pool.write { db in
            for seed in seeds {
                try seed.user.insert(db)
                try seed.account.insert(db)
                try seed.identity.insert(db)
                if let document = seed.document {
                    try Self.replaceDocument(db, document.selector, with: document.record)
                }
            }
        }
    }
}
