import RosterWire

/// What `/` filters the users by: text found in a user's name, email or id, in any case. Typed
/// as `provider:text` (`email:emma`, `anon:`), it keeps only users with a log-in from that
/// provider; a provider is never matched by plain text, so `email` does not list every user.
///
///     UserFilter("emma").matches(emma)        // true: in the email
///     UserFilter("anonymous:").matches(emma)  // false: Emma logs in with email
struct UserFilter {
    /// The start of a provider's short name (`email`, `anonymous`, `api-key`, …), if typed.
    let provider: String?
    /// Lowercased text to find.
    let text: String

    init(_ typed: String) {
        let lowered = typed.lowercased()
        if let colon = lowered.firstIndex(of: ":") {
            let name = String(lowered[..<colon]).trimmingSpaces
            if !name.isEmpty, Self.providerNames.contains(where: { $0.hasPrefix(name) }) {
                provider = name
                text = String(lowered[lowered.index(after: colon)...]).trimmingSpaces
                return
            }
        }
        provider = nil
        text = lowered
    }

    var isEmpty: Bool { provider == nil && text.isEmpty }

    func matches(_ user: UserRow) -> Bool {
        if let provider, !Self.providers(of: user).contains(where: { $0.hasPrefix(provider) }) { return false }
        guard !text.isEmpty else { return true }
        return Self.holds(text, user)
    }

    /// Whether the user's name, email or id holds `lowered` (already lowercased): the text rule of
    /// `/` and of find as you type (`ListFind`).
    static func holds(_ lowered: String, _ user: UserRow) -> Bool {
        user.displayName.lowercased().contains(lowered) || (user.email?.lowercased().contains(lowered) ?? false)
            || user.id.lowercased().contains(lowered)
    }

    private static let providerNames = ProviderType.allCases.map(\.displayName)

    /// The short names of every provider the user logs in with.
    private static func providers(of user: UserRow) -> [String] {
        [user.providerName] + user.identities.map { ProviderType(rawValue: $0.providerType)?.displayName ?? $0.providerType }
    }
}
