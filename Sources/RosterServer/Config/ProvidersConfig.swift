import RosterWire

/// The log-in providers of an app, keyed on the wire names (`anon-user`, `local-userpass`, ...).
/// A provider that is absent or not `enabled` answers AuthProviderNotFound.
public struct ProvidersConfig: Codable, Sendable, Equatable {
    public var anonymous: ToggleProviderConfig?
    public var emailPassword: EmailPasswordConfig?
    public var apiKey: ToggleProviderConfig?
    public var customToken: CustomTokenConfig?
    public var customFunction: CustomFunctionConfig?

    public init(
        anonymous: ToggleProviderConfig? = nil, emailPassword: EmailPasswordConfig? = nil,
        apiKey: ToggleProviderConfig? = nil, customToken: CustomTokenConfig? = nil,
        customFunction: CustomFunctionConfig? = nil
    ) {
        self.anonymous = anonymous
        self.emailPassword = emailPassword
        self.apiKey = apiKey
        self.customToken = customToken
        self.customFunction = customFunction
    }

    enum CodingKeys: String, CodingKey {
        case anonymous = "anon-user"
        case emailPassword = "local-userpass"
        case apiKey = "api-key"
        case customToken = "custom-token"
        case customFunction = "custom-function"
    }

    /// Whether log-in through `provider` is enabled. Providers Roster does not implement yet
    /// (OAuth) are never enabled.
    public func isEnabled(_ provider: ProviderType) -> Bool {
        switch provider {
        case .anonymous: anonymous?.enabled ?? false
        case .emailPassword: emailPassword?.enabled ?? false
        case .apiKey: apiKey?.enabled ?? false
        case .customToken: customToken?.enabled ?? false
        case .customFunction: customFunction?.enabled ?? false
        case .google, .apple, .facebook: false
        }
    }
}

/// A provider with nothing to configure but whether it is on.
public struct ToggleProviderConfig: Codable, Sendable, Equatable {
    public var enabled: Bool
    public init(enabled: Bool = true) { self.enabled = enabled }
}

