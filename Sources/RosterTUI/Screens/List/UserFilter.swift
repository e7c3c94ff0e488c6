import RosterCore
import RosterWire

/// What `/` filters the users by: text found in a user's name, email or id, in any case. Typed
/// as `provider:text` (`email:emma`, `anon:`), it keeps only users with a log-in from that
/// provider; a provider is never matched by plain text, so `email` does not list every user.
///
///     UserFilter("emma").matches(emma)        // true: in the email
///     UserFilter("anonymous:").matches(emma)  // false: Emma logs in with email
struct UserFilter {
    /// The wire names of the providers whose short name (`email`, `anonymous`, `api-key`, …)
    /// starts with the one typed before a colon; nil when none was typed.
    let providerTypes: [String]?
    /// Lowercased text to find.
    let text: String

    init(_ typed: String) {
        let lowered = typed.lowercased()
        if let colon = lowered.firstIndex(of: ":") {
            let name = String(lowered[..<colon]).trimmingSpaces
            let types = ProviderType.allCases.filter { $0.displayName.hasPrefix(name) }.map(\.rawValue)
            if !name.isEmpty, !types.isEmpty {
                providerTypes = types
                text = String(lowered[lowered.index(after: colon)...]).trimmingSpaces
                return
            }
        }
        providerTypes = nil
        text = lowered
    }

    var isEmpty: Bool { providerTypes == nil && text.isEmpty }

    /// The filter as the device store reads it, for a list too long to hold
    /// (`SQLiteDeviceStore.userWindow`); `matches` keeps to the same.
    var listFilter: UserListFilter { UserListFilter(providerTypes: providerTypes, text: text) }

    func matches(_ user: UserRow) -> Bool {
        if let providerTypes, !user.identities.contains(where: { providerTypes.contains($0.providerType) }) { return false }
        guard !text.isEmpty else { return true }
        return Self.holds(text, user)
    }

    /// Whether the user's name, email or id holds `lowered` (already lowercased): the text rule of
    /// `/` and of find as you type (`ListFind`), and of the store's filter (`WindowFilter`).
    static func holds(_ lowered: String, _ user: UserRow) -> Bool {
        user.displayName.lowercased().contains(lowered) || (user.email?.lowercased().contains(lowered) ?? false)
            || user.id.lowercased().contains(lowered)
    }
}
