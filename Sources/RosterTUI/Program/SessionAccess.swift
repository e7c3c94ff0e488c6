import RosterCore

/// What every screen's effects handler needs of the session core: the app, a user by id, and
/// the users read again after a change.
struct SessionAccess: Sendable {
    let app: App
    /// The most users read whole, and the rows of a window of more (`ListWindow.size`).
    var windowSize = ListWindow.size

    /// The users as rows, read in one pass; throws when the store cannot be read.
    func rows() throws -> [UserRow] {
        try app.userSnapshots().map(UserRow.init(snapshot:))
    }

    /// The users read again after a change: every one (`usersLoaded`, or `usersChangedElsewhere`
    /// when another process made it), or, on a device with more than a window holds, only that
    /// the device changed (`listChanged`), for the model to read the window it shows.
    func listRead(elsewhere: Bool) throws -> [Action] {
        let size = try app.userWindow(order: .recent, anchor: .offset(0), limit: 0)
        guard size.total <= windowSize else { return [.listChanged(revision: size.revision, elsewhere: elsewhere)] }
        let whole = try app.userWindow(order: .recent, anchor: .offset(0), limit: windowSize)
        let rows = whole.users.map(UserRow.init(snapshot:))
        return [elsewhere ? .usersChangedElsewhere(rows, revision: whole.revision) : .usersLoaded(rows, revision: whole.revision)]
    }

    /// A window of the list as `read` asks.
    func window(_ read: WindowRead) throws -> WindowRows {
        let window = try app.userWindow(order: read.query.order.userOrder, filter: read.query.storeFilter, anchor: read.anchor, limit: read.limit)
        return WindowRows(
            rows: window.users.map(UserRow.init(snapshot:)),
            window: ListWindow(
                offset: window.offset, count: window.count, total: window.total, current: window.current.map(UserRow.init(snapshot:)),
                query: read.query),
            revision: window.revision)
    }

    /// The users read again, or nothing when the store cannot be read just now (the change
    /// stream reports that).
    func reloaded() -> [Action] {
        (try? listRead(elsewhere: false)) ?? []
    }

    func existing(_ id: String) throws -> User {
        guard let user = app.user(id: id) else { throw RosterError.userNotFound(id) }
        return user
    }
}
