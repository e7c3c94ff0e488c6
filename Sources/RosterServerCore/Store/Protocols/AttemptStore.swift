import Foundation

/// Counts of failed attempts, shared by every process over the store, for the rate limits.
package protocol AttemptStore: Sendable {
    /// The failures counted under `key`, if any are: `.some(nil)` when counted with no wait,
    /// `.some(date)` when attempts must wait until `date` (which may have passed).
    func attemptsWait(appId: String, key: AttemptKey) async throws -> Date??
    /// Counts one failure under each key (`AttemptCountRule`), in one transaction, with `rule`
    /// deciding each key's wait from its counts; the latest wait among them.
    func recordFailure(appId: String, keys: [AttemptKey], now: Date, rule: @escaping @Sendable (AttemptCounts) -> Date?) async throws -> Date?
    /// Forgets the failures under `key` (a success).
    func clearFailures(appId: String, key: AttemptKey) async throws
}
