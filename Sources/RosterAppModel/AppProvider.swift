import RosterWire

/// One authentication provider as App Services configures it (`auth/providers.json`): its
/// kind, whether it is `disabled`, its settings under App Services' own keys, and the secrets
/// its `secret_config` names (by the setting they fill: `clientSecret`, `signingKeys`, …).
public struct AppProvider: Codable, Sendable, Equatable {
    /// The id the Admin API names it by (24 hex digits), when it was given one.
    public var id: String?
    public var name: String
    public var kind: ProviderType
    public var disabled: Bool
    public var settings: AppProviderSettings
    /// The secrets the provider's settings take their values from: setting name to secret name.
    /// A setting that takes several secrets (`signingKeys`) lists them as `signingKeys.0`, `.1`, ….
    public var secretConfig: [String: String]
    /// The claims or profile fields copied into the user's profile `data`.
    public var metadataFields: [AppMetadataField]
    /// Where a browser sign-in may return to (OAuth providers).
    public var redirectURIs: [String]

    public init(
        name: String? = nil, kind: ProviderType, disabled: Bool = false, settings: AppProviderSettings = .none,
        secretConfig: [String: String] = [:], metadataFields: [AppMetadataField] = [], redirectURIs: [String] = [], id: String? = nil
    ) {
        self.id = id
        self.name = name ?? kind.rawValue
        self.kind = kind
        self.disabled = disabled
        self.settings = settings
        self.secretConfig = secretConfig
        self.metadataFields = metadataFields
        self.redirectURIs = redirectURIs
    }

    /// The names of the secrets that sign custom tokens, in order (`signingKeys.0`, `.1`, …).
    public var signingKeySecrets: [String] {
        secretConfig.filter { $0.key.hasPrefix("signingKeys.") }
            .sorted { (Int($0.key.dropFirst(12)) ?? 0) < (Int($1.key.dropFirst(12)) ?? 0) }
            .map(\.value)
    }
}

/// A claim of a custom token or a field of an OAuth profile copied into the user's profile:
/// `name` where it is read, `fieldName` the key it gets.
public struct AppMetadataField: Codable, Sendable, Equatable {
    public var name: String
    public var fieldName: String
    public var required: Bool

    public init(name: String, fieldName: String? = nil, required: Bool = false) {
        self.name = name
        self.fieldName = fieldName ?? name
        self.required = required
    }
}

/// A provider's settings (`config` in `auth/providers.json`), by kind.
public enum AppProviderSettings: Codable, Sendable, Equatable {
    /// Anonymous and API-key log-in have nothing to set.
    case none
    case emailPassword(AppEmailPasswordSettings)
    case customToken(AppCustomTokenSettings)
    /// The function that decides a log-in.
    case customFunction(authFunctionName: String)
    case oauth(AppOAuthSettings)
}

/// `local-userpass`'s settings, as App Services names them.
public struct AppEmailPasswordSettings: Codable, Sendable, Equatable {
    public var autoConfirm: Bool
    public var runConfirmationFunction: Bool
    public var confirmationFunctionName: String?
    public var runResetFunction: Bool
    public var resetFunctionName: String?
    public var emailConfirmationUrl: String?
    public var resetPasswordUrl: String?
    public var confirmEmailSubject: String?
    public var resetPasswordSubject: String?

    public init(
        autoConfirm: Bool = false, runConfirmationFunction: Bool = false, confirmationFunctionName: String? = nil,
        runResetFunction: Bool = false, resetFunctionName: String? = nil, emailConfirmationUrl: String? = nil,
        resetPasswordUrl: String? = nil, confirmEmailSubject: String? = nil, resetPasswordSubject: String? = nil
    ) {
        self.autoConfirm = autoConfirm
        self.runConfirmationFunction = runConfirmationFunction
        self.confirmationFunctionName = confirmationFunctionName
        self.runResetFunction = runResetFunction
        self.resetFunctionName = resetFunctionName
        self.emailConfirmationUrl = emailConfirmationUrl
        self.resetPasswordUrl = resetPasswordUrl
        self.confirmEmailSubject = confirmEmailSubject
        self.resetPasswordSubject = resetPasswordSubject
    }
}

/// `custom-token`'s settings. An empty `audience` means the audience is not checked; the
/// signing keys are secrets, named in the provider's `secretConfig`.
public struct AppCustomTokenSettings: Codable, Sendable, Equatable {
    public enum SigningAlgorithm: String, Codable, Sendable, Equatable {
        case hs256 = "HS256"
        case rs256 = "RS256"
    }

    public var signingAlgorithm: SigningAlgorithm
    public var audience: [String]
    public var requireAnyAudience: Bool
    public var useJWKURI: Bool
    public var jwkURI: String?

    public init(
        signingAlgorithm: SigningAlgorithm = .hs256, audience: [String] = [], requireAnyAudience: Bool = false,
        useJWKURI: Bool = false, jwkURI: String? = nil
    ) {
        self.signingAlgorithm = signingAlgorithm
        self.audience = audience.filter { !$0.isEmpty }
        self.requireAnyAudience = requireAnyAudience
        self.useJWKURI = useJWKURI
        self.jwkURI = jwkURI
    }
}

/// An OAuth provider's settings (Google, Apple, Facebook): the client id; its secret is named
/// in the provider's `secretConfig` (`clientSecret`).
public struct AppOAuthSettings: Codable, Sendable, Equatable {
    public var clientId: String?
    /// Google's OpenID Connect log-in (`openId`).
    public var openId: Bool
    /// The Google Workspace domains whose people alone may log in (`domain_restrictions`);
    /// nil when anyone may.
    public var domainRestrictions: [String]?

    public init(clientId: String? = nil, openId: Bool = false, domainRestrictions: [String] = []) {
        self.clientId = clientId
        self.openId = openId
        self.domainRestrictions = domainRestrictions.isEmpty ? nil : domainRestrictions
    }
}
