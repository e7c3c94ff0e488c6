/// A window of the device's users in one order: the ones a screen shows, how many there are in
/// all, and the active user wherever they are, read together without the rest.
public struct UserWindow: Sendable, Equatable {
    /// The users in order, the first at `offset`.
    public let users: [UserSnapshot]
    public let offset: Int
    /// Users on the device.
    public let total: Int
    /// The active user, in the window or not.
    public let current: UserSnapshot?
    /// The store's revision the window was read at.
    public let revision: Int
}

extension App {
    /// `limit` users in `order` from `offset`, or around the active user when `aroundCurrent`
    /// (half a window before them): a first screen of a device with many users, read in one
    /// transaction without the rest.
    public func userWindow(order: UserOrder, aroundCurrent: Bool = true, offset: Int = 0, limit: Int) throws -> UserWindow {
        let sessions = sessions
        let read = try sessions.store.userWindow(order: order, aroundCurrent: aroundCurrent, offset: offset, limit: limit) {
            UserSnapshot(row: $0, currentUserId: $1, sessions: sessions)
        }
        return UserWindow(users: read.rows, offset: read.offset, total: read.total, current: read.current, revision: read.revision)
    }
}
