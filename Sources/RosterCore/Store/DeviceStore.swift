import Foundation
import RosterWire

/// The on-device store of cached users and the current-user pointer. Every method that changes
/// more than one thing does it in one transaction, so a crash or a second process never sees
/// half a change. Drivers: `SQLiteDeviceStore`.
protocol DeviceStore: Sendable {
    /// Where the store lives, for messages.
    var location: String { get }

    /// A counter every write transaction raises, so other processes' writes can be noticed.
    func revision() throws -> Int
    /// The revision this instance's last write left, if it wrote.
    var lastOwnRevision: Int? { get }

    func user(id: String) throws -> StoredUser?
    /// Every user on the device (none removed), most recently active first.
    func users() throws -> [StoredUser]
    /// The device id the server gave any user here, if one has.
    func knownDeviceId() throws -> String?
    /// Every user, most recently active first, each as `transform` makes it: for reading many
    /// users without holding all their stored rows at once.
    func users<T>(_ transform: @Sendable (StoredUser) throws -> T) throws -> [T]
    func currentUserId() throws -> String?
    /// The most recently active logged-in anonymous user, if any.
    func loggedInAnonymousUser() throws -> StoredUser?

    /// Stores a log-in: inserts the user with `newEntry`, or updates its row (same entry), seals
    /// its tokens for that entry, clears its wrong-PIN count and makes it current with
    /// `lastActive = at`.
    func saveLogIn(_ login: LoginRecord, newEntry: String, at: Date) throws -> StoredUser

    /// Makes a logged-in user current and bumps its last-active time.
    func makeCurrent(id: String, entry: String, at: Date) throws -> SwitchOutcome

    /// Leaves nobody current; the users stay as they are.
    func clearCurrentUser() throws

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

    /// Begins one try of a PIN, in one transaction: refused while the last wrong ones make it
    /// wait, otherwise counted as wrong before any key is derived (and when the next may be
    /// tried set to `delay` of the new count), so tries made at once are each counted and wait
    /// their turn. A right PIN clears the count afterwards.
    func beginSecretTry(id: String, entry: String, at: Date, delay: @Sendable (Int) -> TimeInterval?) throws -> SecretTry
    /// Forgets wrong PINs after a right one.
    func clearWrongSecrets(id: String, entry: String) throws

    /// The device's switching policy and idle lock.
    func policy() throws -> DevicePolicy
    /// Sets the policy and, in the same transaction, reseals or logs out the users it names
    /// (each only if it still holds the box it was read with). Throws
    /// `RosterError.invalidRequest` and changes nothing when one of them changed meanwhile.
    func applyPolicy(_ policy: DevicePolicy, sessions: [PolicySessionChange]) throws

    /// The id of the device key sessions here are sealed under, once one is.
    func deviceKeyId() throws -> String?
    func setDeviceKeyId(_ id: String) throws

    /// Tokens an earlier version kept in clear, to be sealed.
    func legacyTokens() throws -> [LegacyTokens]
    /// Replaces a user's clear tokens by `sealed`.
    func sealLegacyTokens(id: String, sealed: SealedSession, lifetime: TimeInterval?) throws

    /// Appends to the device's history.
    func appendHistory(_ entry: HistoryEntry) throws
    /// The newest `limit` entries, newest first.
    func history(limit: Int) throws -> [HistoryEntry]

    /// Revocations not yet sent (BEHAVIOURS 48).
    func queueRevocation(userId: String, entry: String, sealed: SealedSession, at: Date) throws
    func pendingRevocations() throws -> [QueuedRevocation]
    func deleteRevocation(id: Int64) throws

    /// Replaces identities and profile (after linking or a profile refresh).
    func updateProfile(id: String, entry: String, identities: [Identity], profile: [String: JSONValue]) throws
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
    var profile: [String: JSONValue]
}

/// The result of `makeCurrent`.
enum SwitchOutcome: Sendable, Equatable {
    case switched(StoredUser)
    case notLoggedIn(StoredUser)
    case gone
}

/// What `endSession` did.
struct EndedSession: Sendable {
    /// The user as it was before.
    var before: StoredUser
    /// The current user after.
    var currentUserId: String?
}

/// One user's session in a policy change: sealed anew, or (`sealed == nil`) logged out.
struct PolicySessionChange: Sendable {
    var id: String
    var entry: String
    var replacing: Data
    var sealed: SealedSession?
}

/// Tokens an earlier version of Roster kept in clear.
struct LegacyTokens: Sendable {
    var id: String
    var entry: String
    var secrets: SessionSecrets
}

/// A log-out whose server session is still to be revoked. The refresh token is sealed with the
/// device key.
struct QueuedRevocation: Sendable {
    var id: Int64
    var userId: String
    var entry: String
    var sealed: SealedSession
}
