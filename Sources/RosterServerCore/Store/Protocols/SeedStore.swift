/// First users for an empty app (the demo's), and users in bulk (load measurements).
package protocol SeedStore: Sendable {
    /// Stores `seeds` when the app has no users, in one transaction; false when it had users.
    func seedIfEmpty(appId: String, _ seeds: [SeedUser]) async throws -> Bool

    /// Stores `seeds` in one transaction, whatever the app already holds.
    func addSeeds(_ seeds: [SeedUser]) async throws
}
