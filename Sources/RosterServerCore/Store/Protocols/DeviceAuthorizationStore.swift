import Foundation

/// Device log-ins in progress (`DeviceAuthorizationRecord`). Every transition is decided inside
/// the store in one transaction, so that several server processes agree: an authorization is
/// approved or denied only while pending and unexpired, and the poll that finds it approved
/// uses it up in the same transaction that writes the session, so two polls open one session.
///
///     guard try await store.insertDeviceAuthorization(record) else { /* user code taken; draw another */ }
///     let found = try await store.pollDeviceAuthorization(appId: app.id, codeDigest: digest, now: now, slowDownStep: 5)
package protocol DeviceAuthorizationStore: Sendable {
    /// Adds a pending authorization; false when a live one already has its user code (an
    /// expired one with that code is removed first).
    func insertDeviceAuthorization(_ record: DeviceAuthorizationRecord) async throws -> Bool
    /// The authorization with this user code (normalized), in any state.
    func deviceAuthorization(userCode: String) async throws -> DeviceAuthorizationRecord?
    func deviceAuthorization(id: String) async throws -> DeviceAuthorizationRecord?
    /// Records a poll of the app's device code and says what it found (`DevicePollRule`):
    /// sooner than the interval after the last poll is `slowDown`, and adds `slowDownStep`
    /// seconds to the interval. A code of another app is unknown.
    func pollDeviceAuthorization(appId: String, codeDigest: String, now: Date, slowDownStep: Int) async throws -> DevicePoll
    /// Approves or denies a pending, unexpired authorization; false when it is not one.
    func decideDeviceAuthorization(id: String, _ decision: DeviceDecision, now: Date) async throws -> Bool
    /// Marks an approved authorization used and, in the same transaction, writes `session`
    /// (none for a link, which keeps the bearer's session); false when it is not approved (any
    /// more): another poll used it.
    func redeemDeviceAuthorization(id: String, session: SessionRecord?) async throws -> Bool
}
