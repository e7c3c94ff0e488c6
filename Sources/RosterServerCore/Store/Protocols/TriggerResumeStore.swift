import Foundation

/// Where each database trigger stands among the document changes (its resume point: the last
/// change it has seen), so that a server that starts offers a trigger the changes written while
/// no instance followed it, from the changes the store keeps for it (`TriggerResumeRule`).
package protocol TriggerResumeStore: Sendable {
    /// The app's triggers' resume points, by trigger name.
    func triggerResumePoints(appId: String) async throws -> [String: UInt64]
    /// Moves each trigger's resume point forward to the sequence given, never back (another
    /// instance may have seen more); a trigger without one gets it.
    func advanceTriggerResumePoints(appId: String, _ points: [String: UInt64], now: Date) async throws
    /// Forgets the resume points of `triggers`: they were removed or disabled, and one made
    /// again under the same name starts from the changes written from then on.
    func removeTriggerResumePoints(appId: String, triggers: [String]) async throws
    /// Up to `limit` of a collection's changes after `after`, in sequence order.
    func documentChanges(in collection: DocumentChangeHub.Collection, after: UInt64, limit: Int) async throws -> [DocumentChange]
    /// The newest change's sequence, 0 with none.
    func newestDocumentChange() async throws -> UInt64
}
