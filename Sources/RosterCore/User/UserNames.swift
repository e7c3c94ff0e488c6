/// The names a person may call one user by when naming them on the command line: their id, the
/// name Roster shows, their email and their profile's name. What `App.usersPossiblyNamed` reads
/// of each user it finds, without their session.
public struct UserNames: Sendable, Equatable {
    public let id: String
    /// The name Roster shows (email, name, "anonymous user …", or the id).
    public let displayName: String
    public let email: String?
    public let name: String?

    public init(id: String, displayName: String, email: String?, name: String?) {
        self.id = id
        self.displayName = displayName
        self.email = email
        self.name = name
    }
}

extension App {
    /// The users that `text` may name, most recently active first: every user whose id is
    /// `text`, begins with it or holds it, and every user whose name as Roster shows it, email or
    /// profile name begins with it without case. A superset for the caller to choose from by its
    /// own rules, read through the store's indexes (the id's, and the list name's, which is the
    /// email whenever there is one), all but the profile names of users who also have an email,
    /// which are read beside their rows.
    public func usersPossiblyNamed(_ text: String) throws -> [UserNames] {
        try store.usersPossiblyNamed(text)
    }

    /// Every user on the device in `order`, read from the store in one pass: `userSnapshots()`
    /// in the order of a list (`name` walks the list name's index).
    public func userSnapshots(in order: UserOrder) throws -> [UserSnapshot] {
        let store = store
        let current = try store.currentUserId()
        let keys = keys
        return try store.users(in: order) { UserSnapshot(row: $0, currentUserId: current, keys: keys) }
    }
}
