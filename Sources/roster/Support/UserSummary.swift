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

    /// One user of a list read in one pass (`App.userSnapshots`), as `roster users --json` prints it.
    init(_ user: UserSnapshot) {
        id = user.id
        name = user.profile.name
        email = user.profile.email
        providers = Self.providers(of: user.identities)
        identities = user.identities.map { Identity(provider: $0.providerType, id: $0.id) }
        state = user.state.rawValue
        current = user.isCurrent
        lastActive = user.lastActive.map { Self.timestamp($0) }
        accessTokenExpiresAt = nil
    }

    /// The summary as JSON, its keys sorted and absent values left out, as an encoder writes it;
    /// built directly, since a list of thousands encodes one user at a time.
    var json: JSONValue {
        var object: JSONObject = [:]
        if let accessTokenExpiresAt { object["accessTokenExpiresAt"] = .string(accessTokenExpiresAt) }
        object["current"] = .bool(current)
        if let email { object["email"] = .string(email) }
        object["id"] = .string(id)
        object["identities"] = .array(identities.map { .object(["id": .string($0.id), "provider": .string($0.provider)]) })
        if let lastActive { object["lastActive"] = .string(lastActive) }
        if let name { object["name"] = .string(name) }
        object["providers"] = .array(providers.map { .string($0) })
        object["state"] = .string(state)
        return .object(object)
    }

    /// The user's providers by wire name (`local-userpass`), once each, for `--json`.
    static func providers(of user: User) -> [String] {
        providers(of: user.identities)
    }

    static func providers(of identities: [RosterWire.Identity]) -> [String] {
        var seen: [String] = []
        for identity in identities where !seen.contains(identity.providerType) {
            seen.append(identity.providerType)
        }
        return seen
    }

    /// The user's providers as people read them (`email`, `custom-token`), once each.
    static func providerNames(of user: User) -> [String] {
        providerNames(of: user.identities)
    }

    static func providerNames(of identities: [RosterWire.Identity]) -> [String] {
        providers(of: identities).map { ProviderType.displayName(wire: $0) }
    }

    /// `2024-05-01T12:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }
}
