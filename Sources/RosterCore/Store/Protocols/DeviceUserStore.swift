import Foundation
import RosterWire

/// The users on the device and which of them is current. Every write raises the store's revision,
/// so that other processes' writes can be noticed.
protocol DeviceUserStore: Sendable {
    /// Where the store lives, for messages.
    var location: String { get }

    /// A counter every write transaction raises, so other processes' writes can be noticed.
    func revision() throws -> Int

    /// Whether this instance wrote every revision after `seen` up to `now` (`OwnRevisions`): a
    /// change nobody else made.
    func wroteEveryRevision(after seen: Int, through now: Int) -> Bool

    func user(id: String) throws -> StoredUser?

    /// Every user on the device (none removed), most recently active first.
    func users() throws -> [StoredUser]

    /// The device id the server gave any user here, if one has.
    func knownDeviceId() throws -> String?

    /// Every user, most recently active first, each as `transform` makes it: for reading many
    /// users without holding all their stored rows at once.
    func users<T>(_ transform: @Sendable (StoredUser) throws -> T) throws -> [T]

    /// `users(_:)` in `order`.
    func users<T>(in order: UserOrder, _ transform: @Sendable (StoredUser) throws -> T) throws -> [T]

    /// The users `text` may name, most recently active first (see `App.usersPossiblyNamed`).
    func usersPossiblyNamed(_ text: String) throws -> [UserNames]

    /// `limit` users in `order` that `filter` lets through, from `anchor` (half a window before
    /// an anchoring user), each as `transform` makes it from the row and the current user's id;
    /// with the current user wherever they are, how many the filter lets through, how many users
    /// there are and the revision, all of one read.
    func userWindow<T>(
        order: UserOrder, filter: UserListFilter, anchor: UserWindowAnchor, limit: Int, _ transform: @Sendable (StoredUser, String?) throws -> T
    ) throws -> (rows: [T], current: T?, offset: Int, count: Int, total: Int, revision: Int)

    /// The positions, in `order` among the users `filter` lets through, of those whose name,
    /// email or id holds `text` (lowercased).
    func userPositions(order: UserOrder, filter: UserListFilter, holding text: String) throws -> [Int]

    func currentUserId() throws -> String?

    /// Who was current before the current user: the last one switched away from (a log-out
    /// that leaves nobody current keeps it), for `switch -`.
    func previousUserId() throws -> String?

    /// The most recently active logged-in anonymous user, if any.
    func loggedInAnonymousUser() throws -> StoredUser?

    /// Makes a logged-in user current and bumps its last-active time and the device's idle clock.
    func makeCurrent(id: String, entry: String, at: Date) throws -> SwitchOutcome

    /// Leaves nobody current; the users stay as they are.
    func clearCurrentUser() throws

    /// Replaces identities and profile (after linking or a profile refresh).
    func updateProfile(id: String, entry: String, identities: [Identity], profile: JSONObject) throws
}

/// The result of `makeCurrent`.
enum SwitchOutcome: Sendable, Equatable {
    case switched(StoredUser)
    case notLoggedIn(StoredUser)
    case gone
}
