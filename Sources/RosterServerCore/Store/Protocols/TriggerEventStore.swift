import Foundation

/// The events triggers must run their functions for (`TriggerEventRecord`): kept once per
/// trigger and key whichever instance offers it, claimed by one instance at a time, settled
/// once run (`TriggerEventRule`).
package protocol TriggerEventStore: Sendable {
    /// Keeps each of `records` that the store does not hold yet (by app, trigger and key);
    /// answers how many were new.
    @discardableResult
    func enqueueTriggerEvents(_ records: [TriggerEventRecord]) async throws -> Int
    /// Claims at most `limit` of the app's events due at `now`, oldest first; events whose
    /// claims ran out are marked failed on the way.
    func claimTriggerEvents(appId: String, now: Date, limit: Int, policy: TriggerEventRule.Policy) async throws -> [TriggerEventRecord]
    /// Settles `claimed` as `outcome` says, unless another instance claimed it since; clears
    /// away events settled long ago. False when it was no longer this claim.
    @discardableResult
    func settleTriggerEvent(_ claimed: TriggerEventRecord, _ outcome: TriggerEventRule.Outcome, now: Date, policy: TriggerEventRule.Policy)
        async throws -> Bool
    /// How many of the app's events are pending.
    func pendingTriggerEvents(appId: String) async throws -> Int
    /// The event of a trigger by key, as stored.
    func triggerEvent(appId: String, trigger: String, key: String) async throws -> TriggerEventRecord?
}
