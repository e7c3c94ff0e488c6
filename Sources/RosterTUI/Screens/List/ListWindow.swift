import RosterCore

/// What the list is read with: its order and the filter as typed.
public struct ListQuery: Sendable, Equatable {
    public var order: ListOrder
    public var filter: String

    public init(order: ListOrder = .recent, filter: String = "") {
        self.order = order
        self.filter = filter
    }

    /// The filter as the store reads it, by the rule `/` has in memory (`UserFilter`).
    var storeFilter: UserListFilter { UserFilter(filter).listFilter }
}

/// The part of a long list the model holds (BEHAVIOURS 57): a device with more users than one
/// window (`size`) is never read whole. The model's `users` are then the rows of the list
/// `query` gives, from `offset`, filtered and ordered by the store; moves past them, `/` and
/// `f` ask the store again (`WindowFollowing`). A device with fewer is read whole, and filtered
/// in memory by the same rule.
public struct ListWindow: Sendable, Equatable {
    /// The position of the first row held in the list the query gives.
    public var offset: Int
    /// How many users the query's filter lets through.
    public var count: Int
    /// How many users the device has.
    public var total: Int
    /// The active user, held or not.
    public var current: UserRow?
    /// The order and filter the rows were read with.
    public var query: ListQuery

    public init(offset: Int, count: Int, total: Int, current: UserRow?, query: ListQuery) {
        self.offset = offset
        self.count = count
        self.total = total
        self.current = current
        self.query = query
    }

    /// Rows read at once, and the most a device may have and still be read whole.
    public static let size = 256

    /// How close to an end of the rows held the selection may come before more are read
    /// around it: 80 for a window of 256, more than a page of any terminal, so that a page key
    /// never waits for a read.
    static func margin(size: Int) -> Int { max(1, size * 5 / 16) }
}

/// A read of a window of the list: its query, where it begins, and why it was asked for.
public struct WindowRead: Sendable, Equatable {
    public var query: ListQuery
    public var anchor: UserWindowAnchor
    /// Rows to read.
    public var limit: Int
    /// Another process changed the device: what changed in the rows held is told.
    public var elsewhere: Bool

    public init(query: ListQuery, anchor: UserWindowAnchor, limit: Int = ListWindow.size, elsewhere: Bool = false) {
        self.query = query
        self.anchor = anchor
        self.limit = limit
        self.elsewhere = elsewhere
    }
}

/// A window as read: its rows and where they sit (`Action.windowLoaded`).
public struct WindowRows: Sendable, Equatable {
    public var rows: [UserRow]
    public var window: ListWindow
    public var revision: Int

    public init(rows: [UserRow], window: ListWindow, revision: Int) {
        self.rows = rows
        self.window = window
        self.revision = revision
    }
}

/// The store's find as you type over a list too long to hold: the text and the list it looks in.
public struct MatchRead: Sendable, Equatable {
    public var query: ListQuery
    public var text: String
    /// The text was typed: the selection goes to the first match, as it does in memory.
    public var jumps: Bool

    public init(query: ListQuery, text: String, jumps: Bool = true) {
        self.query = query
        self.text = text
        self.jumps = jumps
    }
}

/// What the model knows of its window reads: the one under way (one at a time, so fast typing
/// asks only for what is wanted when the last answer comes), whether the device changed since
/// the rows were read, and a user to bring into view.
public struct WindowFollowing: Sendable, Equatable {
    public var pending: WindowRead?
    /// The device changed (`Action.listChanged`): the rows are read again around the selection.
    public var stale = false
    /// The change was another process's.
    public var elsewhere = false
    /// A user to select once they are read (the one just switched to or logged in).
    public var wantedUser: String?
    /// The last read failed: none is asked for again until a key or a change.
    public var halted = false

    public init() {}
}
