import Foundation
import RosterCore
import RosterWire

/// One user as `roster users --json` and `roster whoami --json` print it: `whoami` adds when
/// the access token expires (`accessTokenExpiresAt`, left out when unknown).
struct UserSummary: Encodable {
    /// One way the user logs in: the provider's wire name and the identity's id.
    struct Identity: Encodable {
        let provider: String
        let id: String
    }

    let id: String
    let name: String?
    let email: String?
    let providers: [String]
    let identities: [Identity]
    let state: String
    let current: Bool
    let lastActive: String?
    let accessTokenExpiresAt: String?

    init(_ user: User, withTokenExpiry: Bool = false) {
        id = user.id
        name = user.profile.name
        email = user.profile.email
        providers = Self.providers(of: user)
        identities = user.identities.map { Identity(provider: $0.providerType, id: $0.id) }
        state = user.state.rawValue
        current = user.isCurrent
        lastActive = user.lastActive.map { Self.timestamp($0) }
        accessTokenExpiresAt = withTokenExpiry ? user.accessTokenExpiresAt.map { Self.timestamp($0) } : nil
    }

    /// The user's providers by wire name (`local-userpass`), once each, for `--json`.
    static func providers(of user: User) -> [String] {
        var seen: [String] = []
        for identity in user.identities where !seen.contains(identity.providerType) {
            seen.append(identity.providerType)
        }
        return seen
    }

    /// The user's providers as people read them (`email`, `custom-token`), once each.
    static func providerNames(of user: User) -> [String] {
        providers(of: user).map { ProviderType.displayName(wire: $0) }
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
