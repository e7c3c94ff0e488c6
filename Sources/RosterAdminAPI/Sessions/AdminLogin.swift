/// The answer to an admin log-in, as App Services writes it.
public struct AdminLogin: Codable, Sendable, Equatable {
    public var accessToken: String
    public var refreshToken: String
    public var userId: String
    public var deviceId: String

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case userId = "user_id"
        case deviceId = "device_id"
    }
}

/// The answer to a session refresh: a new access token.
public struct AdminRefresh: Codable, Sendable, Equatable {
    public var accessToken: String

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
    }
}
