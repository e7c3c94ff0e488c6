/// First users for an empty app (the demo's).
protocol SeedStore: Sendable {
    /// Stores `seeds` when the app has no users, in one transaction; false when it had users.
    func seedIfEmpty(appId: String, _ seeds: [SeedUser]) async throws -> Bool
}
