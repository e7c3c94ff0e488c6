/// A window of the device's users in one order: the ones a screen shows, how many a filter lets
/// through and how many there are in all, and the active user wherever they are, read together
/// without the rest.
public struct UserWindow: Sendable, Equatable {
    /// The users in order, the first at `offset`.
    public let users: [UserSnapshot]
    public let offset: Int
    /// Users the filter lets through.
    public let count: Int
    /// Users on the device.
    public let total: Int
    /// The active user, in the window or not.
    public let current: UserSnapshot?
    /// The store's revision the window was read at.
    public let revision: Int
}

extension App {
    /// `limit` users in `order` that `filter` lets through, from `anchor` (half a window before
    /// an anchoring user): a screen of a device with many users, read in one transaction
    /// without the rest.
    public func userWindow(order: UserOrder, filter: UserListFilter = .everyone, anchor: UserWindowAnchor = .current, limit: Int) throws
        -> UserWindow
    {
        let keys = keys
        let read = try store.userWindow(order: order, filter: filter, anchor: anchor, limit: limit) {
            UserSnapshot(row: $0, currentUserId: $1, keys: keys)
        }
        return UserWindow(users: read.rows, offset: read.offset, count: read.count, total: read.total, current: read.current, revision: read.revision)
    }

    /// Where, in `order` among the users `filter` lets through, those whose name, email or id
    /// holds `text` are (without case): find as you type over a list too long to hold.
    public func userPositions(order: UserOrder, filter: UserListFilter = .everyone, holding text: String) throws -> [Int] {
        try store.userPositions(order: order, filter: filter, holding: text.lowercased())
    }
}
