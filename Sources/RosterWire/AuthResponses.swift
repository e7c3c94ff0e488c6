/// The answer to a log-in: `{access_token, refresh_token, user_id, device_id}`, and from Roster's
/// server a `revocation_token` too (docs/PROTOCOL-ADDITIONS.md), which clients that do not know
/// it ignore.
public struct LoginResponse: Codable, Sendable, Equatable {
    public var accessToken: String
    public var refreshToken: String
    public var userId: String
    public var deviceId: String
    /// Ends this session and can do nothing else (`typ: "revoke"`).
    public var revocationToken: String?

    public init(accessToken: String, refreshToken: String, userId: String, deviceId: String, revocationToken: String? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.userId = userId
        self.deviceId = deviceId
        self.revocationToken = revocationToken
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case userId = "user_id"
        case deviceId = "device_id"
        case revocationToken = "revocation_token"
    }
}

/// The answer to a link (`?link=true`): `{access_token, user_id, device_id}`, read by clients
/// exactly as a log-in answer; `user_id` is the linking user's, and no refresh token comes
/// with it (the session stays the same).
public struct LinkResponse: Codable, Sendable, Equatable {
    public var accessToken: String
    public var userId: String
    public var deviceId: String

    public init(accessToken: String, userId: String, deviceId: String) {
        self.accessToken = accessToken
        self.userId = userId
        self.deviceId = deviceId
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case userId = "user_id"
        case deviceId = "device_id"
    }
}

/// The answer to POST `/auth/session`: a new access token, and a refresh token only where the
/// server rotates them.
public struct SessionResponse: Codable, Sendable, Equatable {
    public var accessToken: String
    public var refreshToken: String?
    public init(accessToken: String, refreshToken: String? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }
    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
    }
}

/// One entry of GET `…/auth/providers`: an enabled log-in provider, named as in log-in paths.
public struct EnabledProvider: Codable, Sendable, Equatable {
    public var name: String
    public var type: String

    public init(_ provider: ProviderType) {
        name = provider.rawValue
        type = provider.rawValue
    }
}

/// The answer to GET `…/location`. `hostname` is the base URL clients use from then on.
public struct LocationResponse: Codable, Sendable, Equatable {
    public var deploymentModel: String
    public var location: String
    public var hostname: String
    public var wsHostname: String

    public init(deploymentModel: String = "GLOBAL", location: String = "local", hostname: String, wsHostname: String) {
        self.deploymentModel = deploymentModel
        self.location = location
        self.hostname = hostname
        self.wsHostname = wsHostname
    }

    enum CodingKeys: String, CodingKey {
        case deploymentModel = "deployment_model"
        case location
        case hostname
        case wsHostname = "ws_hostname"
    }
}

/// One identity of a user: the provider's id for the user and the provider.
public struct Identity: Codable, Sendable, Hashable {
    public var id: String
    public var providerType: String

    public init(id: String, providerType: String) {
        self.id = id
        self.providerType = providerType
    }

    public init(id: String, provider: ProviderType) {
        self.init(id: id, providerType: provider.rawValue)
    }

    /// The provider, when it is one Roster knows.
    public var provider: ProviderType? { ProviderType(rawValue: providerType) }

    /// Identities from a JSON array of `{id, provider_type}`, read with the exact parser (many
    /// stored users are read at once); nil when the document is not that.
    public static func list(from document: JSONValue) -> [Identity]? {
        guard case .array(let items) = document else { return nil }
        var identities: [Identity] = []
        identities.reserveCapacity(items.count)
        for item in items {
            guard let id = item["id"]?.stringValue, let type = item["provider_type"]?.stringValue else { return nil }
            identities.append(Identity(id: id, providerType: type))
        }
        return identities
    }

    enum CodingKeys: String, CodingKey {
        case id
        case providerType = "provider_type"
    }
}

/// The answer to GET `/auth/profile`.
public struct ProfileResponse: Codable, Sendable, Equatable {
    public var userId: String
    public var identities: [Identity]
    /// `name`, `email`, `picture_url`, `first_name`, `last_name`, `gender`, `birthday`,
    /// `min_age`, `max_age`, and custom-JWT metadata fields.
    public var data: JSONObject
    /// `server` for a server API key's user, `normal` for every other (`normal` when absent).
    public var type: UserType

    public init(userId: String, identities: [Identity], data: JSONObject, type: UserType = .normal) {
        self.userId = userId
        self.identities = identities
        self.data = data
        self.type = type
    }

    enum CodingKeys: String, CodingKey {
        case userId = "user_id"
        case identities
        case data
        case type
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.userId = try container.decode(String.self, forKey: .userId)
        self.identities = try container.decodeIfPresent([Identity].self, forKey: .identities) ?? []
        self.data = try container.decodeIfPresent(JSONObject.self, forKey: .data) ?? [:]
        self.type = try container.decodeIfPresent(UserType.self, forKey: .type) ?? .normal
    }
}

/// GET `…/app/{appId}/custom-user-data` (a Roster addition): where the app keeps custom user
/// data, so a client can write its own document through data access. `enabled` is false, and
/// the rest absent, when the app has none.
public struct CustomUserDataLocation: Codable, Sendable, Equatable {
    public var enabled: Bool
    public var database: String?
    public var collection: String?
    public var userIdField: String?

    public init(enabled: Bool, database: String? = nil, collection: String? = nil, userIdField: String? = nil) {
        self.enabled = enabled
        self.database = database
        self.collection = collection
        self.userIdField = userIdField
    }
}
