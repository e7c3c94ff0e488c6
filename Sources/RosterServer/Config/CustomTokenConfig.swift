/// `custom-token`: JWTs signed by the app's own identity system. A token must be signed by one of
/// `keys`, carry an `aud` naming `audience` (when set), and not be expired; `sub` is the user's
/// external id and `metadataFields` are copied into the profile.
public struct CustomTokenConfig: Codable, Sendable, Equatable {
    public var enabled: Bool
    /// The audiences a token may name; empty means `aud` is not checked.
    public var audience: [String]
    public var keys: [CustomTokenKey]
    public var metadataFields: [MetadataField]

    public init(enabled: Bool = true, audience: [String] = [], keys: [CustomTokenKey], metadataFields: [MetadataField] = []) {
        self.enabled = enabled
        self.audience = audience
        self.keys = keys
        self.metadataFields = metadataFields
    }

    enum CodingKeys: String, CodingKey { case enabled, audience, keys, metadataFields }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        if let one = try? container.decodeIfPresent(String.self, forKey: .audience) {
            audience = [one]
        } else {
            audience = try container.decodeIfPresent([String].self, forKey: .audience) ?? []
        }
        keys = try container.decodeIfPresent([CustomTokenKey].self, forKey: .keys) ?? []
        metadataFields = try container.decodeIfPresent([MetadataField].self, forKey: .metadataFields) ?? []
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

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
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

    func validate(source: String) throws {
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
        }
    }
}
