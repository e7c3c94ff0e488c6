import RosterCore

/// The switcher's list, the screen under every other: the users read, how they are ordered and
/// filtered, the selection, find as you type, the window of a long list and the detail pane.
/// What it shows (`visibleUsers`) is worked out by its own mutating methods when the users, the
/// filter, the order or the window change, so drawing and moving never scan every user.
public struct UserList: Sendable, Equatable {
    /// Every user on the device, last active first; or, on a device with too many to read
    /// whole, the rows of the list `window` holds.
    public private(set) var users: [UserRow]
    /// The users the filter lets through (see `UserFilter`), in `order`; the rows held, as the
    /// store filtered them, when only a window is (their positions start at `window.offset`).
    public private(set) var visibleUsers: [UserRow]
    /// The width of the provider column: the widest provider name among `visibleUsers` (from 5
    /// for "email" to 15 for "custom-function"), worked out when they change, not on a frame.
    public private(set) var providerColumnWidth: Int
    /// The selected user's position in the list shown (`shownUser(at:)`). It stays on the same
    /// user while that user is still shown.
    public var selection = 0
    /// The filter as typed (`/`).
    public private(set) var filter = ""
    /// Keys go into the filter while this is on (after `/`, until Enter or Esc).
    public var isEditingFilter = false
    /// Find as you type (`f`): keys go to it until Enter or Esc.
    public var find: ListFind? = nil
    /// How the list orders people (`--sort`); the selection stays on the same person.
    public private(set) var order: ListOrder = .recent
    /// The part of the list held, when the device has too many users to read whole
    /// (`ListWindow`); nil when `users` is every user on the device.
    public private(set) var window: ListWindow? = nil
    /// The window reads under way and wanted.
    public var following = WindowFollowing()
    /// Rows a window read asks for (`SessionEffects.windowSize`).
    public var windowSize = ListWindow.size
    /// The store revision of the users shown (`Action.usersLoaded`).
    public var usersRevision = 0
    /// Whether the detail pane has the keys, and how far it is scrolled.
    public var detail = DetailPane()

    public static let maxFilterLength = 64

    public init(users: [UserRow] = []) {
        self.users = users
        visibleUsers = users
        providerColumnWidth = Self.providerColumnWidth(users)
        if let current = users.firstIndex(where: \.isCurrent) { selection = current }
    }

    /// Every user read again, held whole: the selection stays on the same user while shown.
    public mutating func setUsers(_ rows: [UserRow]) {
        let selectedId = selectedUser?.id
        window = nil
        users = rows
        refilter(keeping: selectedId)
    }

    /// A window of a long list as read: its rows and where they sit.
    mutating func hold(_ window: ListWindow, rows: [UserRow]) {
        self.window = window
        users = rows
        refilter(keeping: nil)
    }

    /// The filter as typed, cut at `maxFilterLength`.
    public mutating func setFilter(_ text: String) {
        let capped = String(text.prefix(Self.maxFilterLength))
        guard capped != filter else { return }
        let selectedId = selectedUser?.id
        filter = capped
        refilter(keeping: selectedId)
    }

    public mutating func setOrder(_ order: ListOrder) {
        guard order != self.order else { return }
        let selectedId = selectedUser?.id
        self.order = order
        refilter(keeping: selectedId)
    }

    /// Works out the users shown again, keeping the selection on the user selected before when
    /// still shown. A window is filtered by the store: its rows are shown as read.
    private mutating func refilter(keeping selectedId: String?) {
        if window != nil {
            visibleUsers = users
            providerColumnWidth = Self.providerColumnWidth(users)
            return
        }
        let query = UserFilter(filter)
        let ordered = order.ordered(users)
        visibleUsers = query.isEmpty ? ordered : ordered.filter(query.matches)
        providerColumnWidth = Self.providerColumnWidth(visibleUsers)
        find?.locate(in: visibleUsers)
        if let selectedId, let index = visibleUsers.firstIndex(where: { $0.id == selectedId }) {
            selection = index
        } else {
            selection = visibleUsers.isEmpty ? 0 : min(max(0, selection), visibleUsers.count - 1)
        }
    }

    private static func providerColumnWidth(_ users: [UserRow]) -> Int {
        // At most 24 columns: a user with every provider still leaves the name room.
        min(24, Set(users.map(\.providerName)).map { DisplayWidth.of($0) }.max() ?? 0)
    }

    /// How many users the list shows: all the filter lets through, held or not.
    public var shownCount: Int { window?.count ?? visibleUsers.count }

    /// How many users the device has.
    public var deviceUserCount: Int { window?.total ?? users.count }

    /// The user at a position of the list shown, if held.
    public func shownUser(at index: Int) -> UserRow? {
        let held = index - (window?.offset ?? 0)
        return visibleUsers.indices.contains(held) ? visibleUsers[held] : nil
    }

    /// The position of a user in the list shown, if held.
    public func shownIndex(of id: String) -> Int? {
        visibleUsers.firstIndex { $0.id == id }.map { $0 + (window?.offset ?? 0) }
    }

    public var selectedUser: UserRow? { shownUser(at: selection) }

    public var currentUser: UserRow? { window.map(\.current) ?? users.first(where: \.isCurrent) }

    public func user(id: String) -> UserRow? { users.first { $0.id == id } ?? currentUser.flatMap { $0.id == id ? $0 : nil } }

    /// The users find as you type looks among in memory; nil for a list too long to hold, which
    /// the store looks in (`Effect.findMatches`).
    var findableUsers: [UserRow]? { window == nil ? visibleUsers : nil }

    /// The order and filter the list is shown with.
    public var query: ListQuery { ListQuery(order: order, filter: filter) }

    /// Selects a user: now when held, or once a window around them is read.
    mutating func select(id: String) {
        if let index = shownIndex(of: id) {
            selection = index
        } else if window != nil {
            following.wantedUser = id
        }
    }

    /// Moves the selection by `step` users, kept on a shown one.
    mutating func moveSelection(by step: Int) {
        selection += step
        clampSelection()
    }

    /// Keeps the selection on a shown user.
    mutating func clampSelection() {
        let count = shownCount
        selection = count == 0 ? 0 : min(max(0, selection), count - 1)
    }
}
