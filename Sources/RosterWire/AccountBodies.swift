/// POST `…/local-userpass/register`.
public struct RegisterRequest: Codable, Sendable, Equatable {
    public var email: String
    public var password: String
    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}

/// POST `…/local-userpass/confirm`.
public struct ConfirmRequest: Codable, Sendable, Equatable {
    public var token: String
    public var tokenId: String
    public init(token: String, tokenId: String) {
        self.token = token
        self.tokenId = tokenId
    }
}

/// POST `…/confirm/send`, `…/confirm/call` and `…/reset/send`: `{email}`.
public struct EmailRequest: Codable, Sendable, Equatable {
    public var email: String
    public init(email: String) { self.email = email }
}

/// POST `…/local-userpass/reset`.
public struct ResetPasswordRequest: Codable, Sendable, Equatable {
    public var password: String
    public var token: String
    public var tokenId: String
    public init(password: String, token: String, tokenId: String) {
        self.password = password
        self.token = token
        self.tokenId = tokenId
    }
}

/// POST `…/local-userpass/reset/call`.
public struct ResetCallRequest: Codable, Sendable, Equatable {
    public var email: String
    public var password: String
    public var arguments: [JSONValue]
    public init(email: String, password: String, arguments: [JSONValue] = []) {
        self.email = email
        self.password = password
        self.arguments = arguments
    }

    /// `arguments` may be left out, meaning none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        email = try container.decode(String.self, forKey: .email)
        password = try container.decode(String.self, forKey: .password)
        arguments = try container.decodeIfPresent([JSONValue].self, forKey: .arguments) ?? []
    }
}

/// POST `/auth/api_keys`: `{name}`.
public struct CreateAPIKeyRequest: Codable, Sendable, Equatable {
    public var name: String
    public init(name: String) { self.name = name }
}

/// A user API key as the server describes it. `key` is present only in the answer that
/// created it.
public struct APIKeyResponse: Codable, Sendable, Equatable {
    public var id: String
    public var key: String?
    public var name: String
    public var disabled: Bool

    public init(id: String, key: String? = nil, name: String, disabled: Bool) {
        self.id = id
        self.key = key
        self.name = name
        self.disabled = disabled
    }

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case key
        case name
        case disabled
    }
}
