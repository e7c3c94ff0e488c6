import PostgresNIO

extension PostgresServerStore {
    func addSeeds(_ seeds: [SeedUser]) async throws {
        let logger = logger
        try await write { db in
            for seed in seeds {
                try await Self.insert(db, seed.user, logger: logger)
                try await Self.insert(db, seed.account, logger: logger)
                try await Self.insert(db, seed.identity, logger: logger)
                if let document = seed.document {
                    try await Self.replaceDocument(db, document.selector, with: document.record, logger: logger)
                }
            }
        }
    }
}
