import JWTKit
/// `custom-token`: JWTs signed by the app's own identity system. A token must be signed by one of
/// `keys`, carry an `aud` naming one of `audience` (every one, with `requireAllAudiences`; when
/// any is set: an empty audience, `""`, means "do not check", as in App Services), an `iss`
/// naming one of `issuers` (when set), not be expired nor not valid yet (`nbf`, with a minute of
/// leeway); `sub` is the user's external id and `metadataFields` are copied into the profile. With `jwkURI`, the keys are instead the
/// JSON Web Key Set published there (RS256 tokens naming their key's `kid`), read when first
/// needed and again, at most once a minute, when a token names a key the set lacks.
///
///     "custom-token": { "jwkURI": "https://id.example.com/.well-known/jwks.json", "audience": "kiosk" }
public struct CustomTokenConfig: Codable, Sendable, Equatable {
    public var enabled: Bool
    /// The audiences a token may name; empty means `aud` is not checked.
    public var audience: [String]
    /// Whether a token must name every audience rather than one (App Services'
    /// `requireAnyAudience: false`).
    public var requireAllAudiences: Bool
    /// The issuers a token may name; empty means `iss` is not checked.
    public var issuers: [String]
    public var keys: [CustomTokenKey]
    /// Where the app's identity system publishes its keys; when set, `keys` are not used.
    public var jwkURI: String?
    public var metadataFields: [MetadataField]

    public init(
        enabled: Bool = true, audience: [String] = [], requireAllAudiences: Bool = false, issuers: [String] = [], keys: [CustomTokenKey],
        jwkURI: String? = nil, metadataFields: [MetadataField] = []
    ) {
        self.enabled = enabled
        self.audience = audience.filter { !$0.isEmpty }
        self.requireAllAudiences = requireAllAudiences
        self.issuers = issuers.filter { !$0.isEmpty }
        self.keys = keys
        self.jwkURI = jwkURI
        self.metadataFields = metadataFields
    }

    package enum CodingKeys: String, CodingKey, CaseIterable { case enabled, audience, requireAllAudiences, issuers, keys, jwkURI, metadataFields }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        audience = try Self.names(container, .audience)
        requireAllAudiences = try container.decodeIfPresent(Bool.self, forKey: .requireAllAudiences) ?? false
        issuers = try Self.names(container, .issuers)
        keys = try container.decodeIfPresent([CustomTokenKey].self, forKey: .keys) ?? []
        jwkURI = try container.decodeIfPresent(String.self, forKey: .jwkURI)
        metadataFields = try container.decodeIfPresent([MetadataField].self, forKey: .metadataFields) ?? []
    }

    /// A string or a list of strings; empty strings mean nothing.
    private static func names(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> [String] {
        let names: [String]
        if let one = try? container.decodeIfPresent(String.self, forKey: key) {
            names = [one]
        } else {
            names = try container.decodeIfPresent([String].self, forKey: key) ?? []
        }
        return names.filter { !$0.isEmpty }
    }

    package func validate(source: String) throws {
        guard enabled else { return }
        if let jwkURI {
            guard OutboundRequest.isHTTPURL(jwkURI) else {
                throw AppConfigError.invalid(path: source, reason: "custom-token: jwkURI must be an http or https URL")
            }
            return
        }
        guard !keys.isEmpty else { throw AppConfigError.invalid(path: source, reason: "custom-token is enabled but has no keys") }
        for key in keys { try key.validate(source: source) }
    }

    /// A claim of the token copied into the profile `data`: `name` is the claim's path in the
    /// token (dots go into objects), `fieldName` the key in the profile.
    public struct MetadataField: Codable, Sendable, Equatable {
        public var name: String
        public var fieldName: String
        public var required: Bool

        public init(name: String, fieldName: String? = nil, required: Bool = false) {
            self.name = name
            self.fieldName = fieldName ?? name
            self.required = required
        }

        package enum CodingKeys: String, CodingKey, CaseIterable { case name, fieldName, required }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.knownKeys(CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            fieldName = try container.decodeIfPresent(String.self, forKey: .fieldName) ?? name
            required = try container.decodeIfPresent(Bool.self, forKey: .required) ?? false
        }
    }
}

/// A key that signs or verifies custom tokens: HS256 with a shared `secret` (32+ bytes), or
/// RS256 with a `publicKey` PEM (and, only where the server should mint tokens, `privateKey`).
public struct CustomTokenKey: Codable, Sendable, Equatable {
    public enum Algorithm: String, Codable, Sendable {
        case hs256 = "HS256"
        case rs256 = "RS256"
    }

    public var kid: String?
    public var algorithm: Algorithm
    public var secret: String?
    public var publicKey: String?
    public var privateKey: String?

    public init(kid: String? = nil, algorithm: Algorithm, secret: String? = nil, publicKey: String? = nil, privateKey: String? = nil) {
        self.kid = kid
        self.algorithm = algorithm
        self.secret = secret
        self.publicKey = publicKey
        self.privateKey = privateKey
    }

    package enum CodingKeys: String, CodingKey, CaseIterable { case kid, algorithm, secret, publicKey, privateKey }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        kid = try container.decodeIfPresent(String.self, forKey: .kid)
        algorithm = try container.decode(Algorithm.self, forKey: .algorithm)
        secret = try container.decodeIfPresent(String.self, forKey: .secret)
        publicKey = try container.decodeIfPresent(String.self, forKey: .publicKey)
        privateKey = try container.decodeIfPresent(String.self, forKey: .privateKey)
    }

    package func validate(source: String) throws {
        let name = kid.map { "custom-token key '\($0)'" } ?? "a custom-token key"
        switch algorithm {
        case .hs256:
            guard let secret, secret.utf8.count >= 32 else {
                throw AppConfigError.invalid(path: source, reason: "\(name) (HS256) needs a secret of at least 32 bytes")
            }
        case .rs256:
            guard publicKey != nil || privateKey != nil else {
                throw AppConfigError.invalid(path: source, reason: "\(name) (RS256) needs a publicKey PEM")
            }
            // Read here, as the verifier will read it: an app is refused before it is stored,
            // not when a server comes to serve it.
            do {
                if let publicKey { _ = try Insecure.RSA.PublicKey(pem: publicKey) } else if let privateKey { _ = try Insecure.RSA.PrivateKey(pem: privateKey) }
            } catch {
                throw AppConfigError.invalid(path: source, reason: "\(name) (RS256) is not a valid RSA PEM")
            }
        }
    }
}
