import Foundation
import RosterWire

/// Each user's sealed session: stored at log-in, replaced when it changes, ended at log-out;
/// and the device key sessions are sealed under.
protocol DeviceSessionStore: Sendable {
    /// Stores a log-in: inserts the user with `newEntry`, or updates its row (same entry), seals
    /// its tokens for that entry, clears its wrong-PIN count and makes it current with
    /// `lastActive = at` (the device's idle clock too).
    func saveLogIn(_ login: LoginRecord, newEntry: String, at: Date) throws -> StoredUser

    /// Stores a newly sealed session (a refreshed access token, a new PIN), only if the user
    /// still holds the box `replacing` (another process may have logged it out, or in again,
    /// or refreshed meanwhile). `nil` when it did not apply.
    func storeSession(
        id: String, entry: String, replacing: Data, sealed: SealedSession, receivedAt: Date?, lifetime: TimeInterval?
    ) throws -> StoredUser?

    /// Ends a user's session: logged out (tokens gone), or removed when `remove`. With
    /// `onlyIfBox`, only when the user still holds that sealed box. When the user was current
    /// and `chooseNext`, the most recently active remaining logged-in user becomes current;
    /// otherwise nobody. `nil` when nothing matched.
    func endSession(id: String, entry: String, remove: Bool, onlyIfBox: Data?, chooseNext: Bool) throws -> EndedSession?

    /// The id of the device key sessions here are sealed under, once one is.
    func deviceKeyId() throws -> String?

    func setDeviceKeyId(_ id: String) throws

    /// Tokens an earlier version kept in clear, to be sealed.
    func legacyTokens() throws -> [LegacyTokens]

    /// Replaces a user's clear tokens by `sealed`.
    func sealLegacyTokens(id: String, sealed: SealedSession, lifetime: TimeInterval?) throws
}

/// What a log-in stores.
struct LoginRecord: Sendable {
    var id: String
    /// Seals the tokens for the entry the user gets (its existing one, or the new one).
    var seal: @Sendable (_ entry: String) throws -> SealedSession
    /// Seals the revocation token, when the server gave one, for the same entry.
    var sealRevocation: @Sendable (_ entry: String) throws -> Data? = { _ in nil }
    var lifetime: TimeInterval
    var receivedAt: Date
    var deviceId: String?
    var identities: [Identity]
    var profile: JSONObject
}

/// What `endSession` did.
struct EndedSession: Sendable {
    /// The user as it was before.
    var before: StoredUser
    /// The current user after.
    var currentUserId: String?
    /// Whether the user whose session ended was the current user before.
    var wasCurrent: Bool
}

/// Tokens an earlier version of Roster kept in clear.
struct LegacyTokens: Sendable {
    var id: String
    var entry: String
    var secrets: SessionSecrets
}
