/// Which of the device's users a list shows: those with a log-in from one of `providerTypes`
/// (any, when nil), whose name, email or id holds `text`, without case. The switcher's `/` is
/// read into one (`UserFilter` in RosterTUI), so a device with many users is filtered by the
/// store, walking an order's index, and one with few in memory by the same rule.
///
///     UserListFilter(providerTypes: ["local-userpass"], text: "emma") // Emma, by email
public struct UserListFilter: Sendable, Equatable {
    /// The providers' wire names (`local-userpass`, `anon-user`, …); nil for any.
    public var providerTypes: [String]?
    /// Lowercased text the name, email or id must hold; empty for any.
    public var text: String

    public init(providerTypes: [String]? = nil, text: String = "") {
        self.providerTypes = providerTypes
        self.text = text.lowercased()
    }

    /// Every user.
    public static let everyone = UserListFilter()

    public var isEveryone: Bool { providerTypes == nil && text.isEmpty }
}

/// Where a window of a list begins: around the active user, around a given user, or at a
/// position. A user the list does not hold (filtered out, removed) falls back to the position.
public enum UserWindowAnchor: Sendable, Equatable {
    case current
    case user(String, otherwise: Int)
    case offset(Int)
}
