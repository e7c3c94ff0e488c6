/// `oauth2-google` and `oauth2-apple`: log-in with an OpenID Connect ID token the app got from the
/// provider. The token must be signed by a key of the provider's key set (`jwksURL` or
/// `jwksFile`), name one of `issuers`, name one of `clientIds` as its audience, and not be
/// expired. Google also takes a server auth code, which Roster exchanges at `tokenEndpoint`
/// with `clientSecret` for an ID token checked the same way.
///
///     "oauth2-google": { "clientId": "1234.apps.googleusercontent.com", "clientSecret": "…" }
///     "oauth2-apple": { "clientId": "com.example.roster", "jwksFile": "/etc/roster/apple-keys.json" }
///
/// Left out, `issuers`, the key set, `authorizationEndpoint` (where browser sign-in sends the
/// person) and `tokenEndpoint` are the provider's own.
public struct OpenIDConfig: Codable, Sendable, Equatable {
    public var enabled: Bool
    /// The app's client ids at the provider: a token must name one as its audience.
    public var clientIds: [String]
    public var issuers: [String]?
    public var jwksURL: String?
    /// A key set on disk, instead of fetching one; read again when a token names a key it lacks.
    public var jwksFile: String?
    /// The provider's sign-in page, for browser sign-in.
    public var authorizationEndpoint: String?
    public var tokenEndpoint: String?
    /// For exchanging auth codes; keep a configuration that holds one readable by its owner only.
    public var clientSecret: String?
    public var redirectURI: String?
    /// Google's: the Workspace domains (the ID token's `hd`) whose people alone may log in;
    /// nil when anyone may.
    public var hostedDomains: [String]?

    public init(
        enabled: Bool = true, clientIds: [String], issuers: [String]? = nil, jwksURL: String? = nil,
        jwksFile: String? = nil, authorizationEndpoint: String? = nil, tokenEndpoint: String? = nil, clientSecret: String? = nil,
        redirectURI: String? = nil, hostedDomains: [String]? = nil
    ) {
        self.hostedDomains = hostedDomains
        self.enabled = enabled
        self.clientIds = clientIds
        self.issuers = issuers
        self.jwksURL = jwksURL
        self.jwksFile = jwksFile
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.clientSecret = clientSecret
        self.redirectURI = redirectURI
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case enabled, clientId, clientIds, issuers, jwksURL, jwksFile, authorizationEndpoint, tokenEndpoint, clientSecret, redirectURI
        case hostedDomains
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        if let one = try container.decodeIfPresent(String.self, forKey: .clientId) {
            clientIds = [one] + (try container.decodeIfPresent([String].self, forKey: .clientIds) ?? [])
        } else {
            clientIds = try container.decodeIfPresent([String].self, forKey: .clientIds) ?? []
        }
        issuers = try container.decodeIfPresent([String].self, forKey: .issuers)
        jwksURL = try container.decodeIfPresent(String.self, forKey: .jwksURL)
        jwksFile = try container.decodeIfPresent(String.self, forKey: .jwksFile)
        authorizationEndpoint = try container.decodeIfPresent(String.self, forKey: .authorizationEndpoint)
        tokenEndpoint = try container.decodeIfPresent(String.self, forKey: .tokenEndpoint)
        clientSecret = try container.decodeIfPresent(String.self, forKey: .clientSecret)
        redirectURI = try container.decodeIfPresent(String.self, forKey: .redirectURI)
        hostedDomains = try container.decodeIfPresent([String].self, forKey: .hostedDomains)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(enabled, forKey: .enabled)
        try container.encode(clientIds, forKey: .clientIds)
        try container.encodeIfPresent(issuers, forKey: .issuers)
        try container.encodeIfPresent(jwksURL, forKey: .jwksURL)
        try container.encodeIfPresent(jwksFile, forKey: .jwksFile)
        try container.encodeIfPresent(authorizationEndpoint, forKey: .authorizationEndpoint)
        try container.encodeIfPresent(tokenEndpoint, forKey: .tokenEndpoint)
        try container.encodeIfPresent(clientSecret, forKey: .clientSecret)
        try container.encodeIfPresent(redirectURI, forKey: .redirectURI)
        try container.encodeIfPresent(hostedDomains, forKey: .hostedDomains)
    }

    package func validate(_ provider: String, source: String) throws {
        guard enabled else { return }
        func fail(_ reason: String) -> AppConfigError { .invalid(path: source, reason: "\(provider): \(reason)") }
        guard !clientIds.isEmpty, clientIds.allSatisfy({ !$0.isEmpty }) else { throw fail("needs a clientId") }
        guard jwksURL == nil || jwksFile == nil else { throw fail("give jwksURL or jwksFile, not both") }
        if let issuers, issuers.isEmpty { throw fail("issuers must not be empty") }
        if let issuers, issuers.contains(where: \.isEmpty) { throw fail("an issuer must not be empty") }
        for (name, url) in [
            ("jwksURL", jwksURL), ("authorizationEndpoint", authorizationEndpoint), ("tokenEndpoint", tokenEndpoint),
        ] {
            if let url, !OutboundRequest.isHTTPURL(url) { throw fail("\(name) must be an http or https URL") }
        }
        if let clientSecret, clientSecret.isEmpty { throw fail("clientSecret must not be empty") }
        if let hostedDomains {
            guard provider == "oauth2-google" else { throw fail("hostedDomains: only Google's ID tokens name a domain") }
            guard !hostedDomains.isEmpty, hostedDomains.allSatisfy({ !$0.isEmpty && $0.count <= 253 && !$0.contains(where: \.isWhitespace) }) else {
                throw fail("hostedDomains must be domain names, at least one")
            }
        }
    }
}

/// `oauth2-facebook`: log-in with a Facebook user access token, which Roster checks at the
/// Graph API: `debug_token` must say it is valid and was issued to `appId`, then `me` gives the
/// user's id and profile.
///
///     "oauth2-facebook": { "appId": "1234567890", "appSecret": "…" }
///
/// Browser sign-in sends the person to `authorizationEndpoint` and exchanges the code it brings
/// back at `tokenEndpoint` (`{graphURL}/oauth/access_token` unless set) for an access token,
/// checked as above.
public struct FacebookConfig: Codable, Sendable, Equatable {
    public static let defaultGraphURL = "https://graph.facebook.com"
    public static let defaultAuthorizationEndpoint = "https://www.facebook.com/dialog/oauth"

    public var enabled: Bool
    public var appId: String
    /// Signs the app's Graph calls; keep a configuration that holds it readable by its owner only.
    public var appSecret: String
    /// The Graph API to ask, `https://graph.facebook.com` unless set.
    public var graphURL: String
    /// Facebook's sign-in page, for browser sign-in.
    public var authorizationEndpoint: String
    /// Where browser sign-in exchanges its code; `{graphURL}/oauth/access_token` when nil.
    public var tokenEndpoint: String?

    public init(
        enabled: Bool = true, appId: String, appSecret: String, graphURL: String = FacebookConfig.defaultGraphURL,
        authorizationEndpoint: String = FacebookConfig.defaultAuthorizationEndpoint, tokenEndpoint: String? = nil
    ) {
        self.enabled = enabled
        self.appId = appId
        self.appSecret = appSecret
        self.graphURL = graphURL
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
    }

    /// The token endpoint browser sign-in uses.
    package var accessTokenEndpoint: String {
        if let tokenEndpoint { return tokenEndpoint }
        var graph = graphURL
        while graph.hasSuffix("/") { graph.removeLast() }
        return "\(graph)/oauth/access_token"
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case enabled, appId, appSecret, graphURL, authorizationEndpoint, tokenEndpoint
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        appId = try container.decodeIfPresent(String.self, forKey: .appId) ?? ""
        appSecret = try container.decodeIfPresent(String.self, forKey: .appSecret) ?? ""
        graphURL = try container.decodeIfPresent(String.self, forKey: .graphURL) ?? Self.defaultGraphURL
        authorizationEndpoint =
            try container.decodeIfPresent(String.self, forKey: .authorizationEndpoint) ?? Self.defaultAuthorizationEndpoint
        tokenEndpoint = try container.decodeIfPresent(String.self, forKey: .tokenEndpoint)
    }

    package func validate(source: String) throws {
        guard enabled else { return }
        func fail(_ reason: String) -> AppConfigError { .invalid(path: source, reason: "oauth2-facebook: \(reason)") }
        guard !appId.isEmpty, !appSecret.isEmpty else { throw fail("needs appId and appSecret") }
        for (name, url) in [
            ("graphURL", graphURL), ("authorizationEndpoint", authorizationEndpoint), ("tokenEndpoint", tokenEndpoint),
        ] {
            if let url, !OutboundRequest.isHTTPURL(url) { throw fail("\(name) must be an http or https URL") }
        }
    }
}
