import RosterWire

/// The log-in providers of an app, keyed on the wire names (`anon-user`, `local-userpass`, ...).
/// A provider that is absent or not `enabled` answers AuthProviderNotFound.
public struct ProvidersConfig: Codable, Sendable, Equatable {
    public var anonymous: ToggleProviderConfig?
    public var emailPassword: EmailPasswordConfig?
    public var apiKey: ToggleProviderConfig?
    public var customToken: CustomTokenConfig?
    public var customFunction: CustomFunctionConfig?
    public var google: OpenIDConfig?
    public var apple: OpenIDConfig?
    public var facebook: FacebookConfig?

    public init(
        anonymous: ToggleProviderConfig? = nil, emailPassword: EmailPasswordConfig? = nil,
        apiKey: ToggleProviderConfig? = nil, customToken: CustomTokenConfig? = nil,
        customFunction: CustomFunctionConfig? = nil, google: OpenIDConfig? = nil, apple: OpenIDConfig? = nil,
        facebook: FacebookConfig? = nil
    ) {
        self.anonymous = anonymous
        self.emailPassword = emailPassword
        self.apiKey = apiKey
        self.customToken = customToken
        self.customFunction = customFunction
        self.google = google
        self.apple = apple
        self.facebook = facebook
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case anonymous = "anon-user"
        case emailPassword = "local-userpass"
        case apiKey = "api-key"
        case customToken = "custom-token"
        case customFunction = "custom-function"
        case google = "oauth2-google"
        case apple = "oauth2-apple"
        case facebook = "oauth2-facebook"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        anonymous = try container.decodeIfPresent(ToggleProviderConfig.self, forKey: .anonymous)
        emailPassword = try container.decodeIfPresent(EmailPasswordConfig.self, forKey: .emailPassword)
        apiKey = try container.decodeIfPresent(ToggleProviderConfig.self, forKey: .apiKey)
        customToken = try container.decodeIfPresent(CustomTokenConfig.self, forKey: .customToken)
        customFunction = try container.decodeIfPresent(CustomFunctionConfig.self, forKey: .customFunction)
        google = try container.decodeIfPresent(OpenIDConfig.self, forKey: .google)
        apple = try container.decodeIfPresent(OpenIDConfig.self, forKey: .apple)
        facebook = try container.decodeIfPresent(FacebookConfig.self, forKey: .facebook)
    }

    /// Whether log-in through `provider` is enabled.
    public func isEnabled(_ provider: ProviderType) -> Bool {
        switch provider {
        case .anonymous: anonymous?.enabled ?? false
        case .emailPassword: emailPassword?.enabled ?? false
        case .apiKey: apiKey?.enabled ?? false
        case .customToken: customToken?.enabled ?? false
        case .customFunction: customFunction?.enabled ?? false
        case .google: google?.enabled ?? false
        case .apple: apple?.enabled ?? false
        case .facebook: facebook?.enabled ?? false
        }
    }
}

/// A provider with nothing to configure but whether it is on.
public struct ToggleProviderConfig: Codable, Sendable, Equatable {
    public var enabled: Bool
    public init(enabled: Bool = true) { self.enabled = enabled }

    package enum CodingKeys: String, CodingKey, CaseIterable { case enabled }

    public init(from decoder: any Decoder) throws {
        enabled = try decoder.knownKeys(CodingKeys.self).decodeIfPresent(Bool.self, forKey: .enabled) ?? true
    }
}

