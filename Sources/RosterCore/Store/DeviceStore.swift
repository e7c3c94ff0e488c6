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

    /// Stores a log-in: inserts the user with `newEntry`, or updates its row (same entry), and
    /// makes it current with `lastActive = at`.
    func saveLogIn(_ login: LoginRecord, newEntry: String, at: Date) throws -> StoredUser

    /// Makes a logged-in user current and bumps its last-active time.
    func makeCurrent(id: String, entry: String, at: Date) throws -> SwitchOutcome

    /// Stores a refreshed access token, only if the user still holds `usedRefreshToken` (another
    /// process may have logged it out or in again meanwhile). `nil` when it did not apply.
    func storeAccessToken(
        id: String, entry: String, usedRefreshToken: String, accessToken: String, refreshToken: String?,
        receivedAt: Date
    ) throws -> StoredUser?

    /// Ends a user's session: logged out (tokens gone), or removed when `remove`. With
    /// `onlyIfRefreshToken`, only when the user still holds that token. When the user was current,
    /// the most recently active remaining logged-in user becomes current. `nil` when nothing matched.
    func endSession(id: String, entry: String, remove: Bool, onlyIfRefreshToken: String?) throws -> EndedSession?

    /// Replaces identities and profile (after linking or a profile refresh).
    func updateProfile(id: String, entry: String, identities: [Identity], profile: [String: JSONValue]) throws
}

/// What a log-in stores.
struct LoginRecord: Sendable {
    var id: String
    var refreshToken: String
    var accessToken: String
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
