import RosterCore

/// How people are listed: `recent`, last active first (as the device keeps them), or `name`,
/// which stays put while people take turns at the terminal. One rule for the switcher's list and
/// `roster users`.
///
///     ListOrder.name.ordered(users) // by name, then id: the same rows in the same places
public enum ListOrder: String, Sendable, Equatable, CaseIterable {
    case recent
    case name

    /// `items` (given last active first) in this order; `name` compares names without case, then ids.
    public func ordered<Item>(_ items: [Item], name: (Item) -> String, id: (Item) -> String) -> [Item] {
        switch self {
        case .recent: items
        case .name:
            items.sorted { left, right in
                let (a, b) = (name(left).lowercased(), name(right).lowercased())
                return a != b ? a < b : id(left) < id(right)
            }
        }
    }

    /// The session core's name for this order, whose window the device store reads alone.
    public var userOrder: UserOrder { self == .recent ? .recent : .name }

    public func ordered(_ users: [UserRow]) -> [UserRow] {
        ordered(users, name: \.displayName, id: \.id)
    }
}
