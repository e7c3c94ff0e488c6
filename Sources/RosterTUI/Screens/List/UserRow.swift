import Foundation
import RosterCore
import RosterWire

/// The state badge of a user in the list: a text symbol first, colour only on top.
public enum StateBadge: Sendable, Equatable {
    case active, loggedIn, loggedOut

    /// `*` active, `+` logged in, `-` logged out.
    public var symbol: String {
        switch self {
        case .active: "*"
        case .loggedIn: "+"
        case .loggedOut: "-"
        }
    }

    public var words: String {
        switch self {
        case .active: "active"
        case .loggedIn: "logged in"
        case .loggedOut: "logged out"
        }
    }

    public var role: ColorRole {
        switch self {
        case .active: .active
        case .loggedIn: .loggedIn
        case .loggedOut: .loggedOut
        }
    }
}

/// One user as the screen shows it: a plain value read once from a RosterCore `User`, so
/// `update` and `view` never touch the store.
public struct UserRow: Sendable, Equatable, Identifiable {
    public var id: String
    public var displayName: String
    /// The provider of the first identity; nil when the device knows none (or one this version
    /// does not). The view draws its name.
    public var provider: ProviderType? { didSet { providerName = Self.providerName(identities, provider) } }
    public var state: UserState
    public var isCurrent: Bool
    public var identities: [Identity] { didSet { providerName = Self.providerName(identities, provider) } }
    /// Every provider the user logs in with, once each in the order they were linked
    /// ("anonymous, email"), as `roster users` names them; "unknown" for none. Kept with the
    /// identities, so a list of many users is not worded again at every key.
    public private(set) var providerName: String
    public var profile: UserProfile
    public var customData: JSONValue
    public var customDataIssuedAt: Date?
    public var accessTokenExpiresAt: Date?
    public var deviceId: String?
    /// Logged in, sealed with a PIN (or password) this process was not given.
    public var isLocked: Bool = false
    /// Whether the custom data was read: only the active user's session is opened.
    public var sessionOpened: Bool = true
    /// What opens the user's session when it is sealed with a secret.
    public var secretKind: SecretKind? = nil

    public init(
        id: String, displayName: String, provider: ProviderType?, state: UserState, isCurrent: Bool = false,
        identities: [Identity] = [], profile: UserProfile = UserProfile(), customData: JSONValue = .emptyObject,
        customDataIssuedAt: Date? = nil, accessTokenExpiresAt: Date? = nil, deviceId: String? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.provider = provider
        self.state = state
        self.isCurrent = isCurrent
        self.identities = identities
        providerName = Self.providerName(identities, provider)
        self.profile = profile
        self.customData = customData
        self.customDataIssuedAt = customDataIssuedAt
        self.accessTokenExpiresAt = accessTokenExpiresAt
        self.deviceId = deviceId
    }

    /// Takes a user from a snapshot of the whole device, read once, so `update` and `view`
    /// never touch the store.
    public init(snapshot user: UserSnapshot) {
        self.init(
            id: user.id, displayName: user.displayName, provider: user.identities.first.flatMap { ProviderType(rawValue: $0.providerType) },
            state: user.state,
            isCurrent: user.isCurrent, identities: user.identities, profile: user.profile, customData: user.customData,
            customDataIssuedAt: user.customDataIssuedAt, accessTokenExpiresAt: user.accessTokenExpiresAt,
            deviceId: user.deviceId)
        isLocked = user.isLocked
        sessionOpened = user.sessionOpened
        secretKind = user.secretKind
    }

    private static func providerName(_ identities: [Identity], _ provider: ProviderType?) -> String {
        var names: [String] = []
        for identity in identities {
            let name = ProviderType.displayName(wire: identity.providerType)
            if !names.contains(name) { names.append(name) }
        }
        return names.isEmpty ? provider?.displayName ?? "unknown" : names.joined(separator: ", ")
    }

    /// The name used on screen: email, name, "anonymous user …" or the id, as RosterCore names users.
    public var badge: StateBadge {
        if state == .loggedIn { return isCurrent ? .active : .loggedIn }
        return .loggedOut
    }

    public var isLoggedIn: Bool { state == .loggedIn }

    /// Logged in with exactly one identity, anonymous: logging it out removes it for good.
    public var isAnonymous: Bool {
        identities.count == 1 && identities[0].providerType == ProviderType.anonymous.rawValue
    }

    /// The email to pre-fill a log-in form with.
    public var email: String? { profile.email }
}
