/// The payload of an access token. Clients read it without checking the signature.
public struct AccessTokenClaims: Codable, Sendable, Equatable {
    /// The user id.
    public var sub: String
    /// Issued at, seconds since 1970.
    public var iat: Int64
    /// Expires at, seconds since 1970 (`iat` + 1800 by default).
    public var exp: Int64
    /// Always `access`.
    public var typ: String
    /// The user's custom user data document; absent when there is none.
    public var userData: JSONValue?
    /// The session the token belongs to.
    public var sessionId: String?
    /// The app the token is for.
    public var appId: String?
    /// The device the session was opened on.
    public var deviceId: String?

    public init(
        sub: String, iat: Int64, exp: Int64, userData: JSONValue? = nil, sessionId: String? = nil,
        appId: String? = nil, deviceId: String? = nil
    ) {
        self.sub = sub
        self.iat = iat
        self.exp = exp
        self.typ = TokenType.access.rawValue
        self.userData = userData
        self.sessionId = sessionId
        self.appId = appId
        self.deviceId = deviceId
    }

    enum CodingKeys: String, CodingKey {
        case sub, iat, exp, typ
        case userData = "user_data"
        case sessionId = "sid"
        case appId = "app_id"
        case deviceId = "device_id"
    }
}

/// The payload of a refresh token.
public struct RefreshTokenClaims: Codable, Sendable, Equatable {
    public var sub: String
    public var iat: Int64
    /// Expires at (60 days after `iat` by default).
    public var exp: Int64
    /// `refresh`, or `revoke` for a token that can only end its session.
    public var typ: String
    /// The session id: the server keeps the session, never the token.
    public var sessionId: String
    public var appId: String?
    /// How many times the session's refresh token was replaced before this one was issued
    /// (where the app rotates refresh tokens); absent on the first.
    public var generation: Int?

    public init(
        sub: String, iat: Int64, exp: Int64, sessionId: String, appId: String? = nil, type: TokenType = .refresh,
        generation: Int? = nil
    ) {
        self.sub = sub
        self.iat = iat
        self.exp = exp
        self.typ = type.rawValue
        self.sessionId = sessionId
        self.appId = appId
        self.generation = generation
    }

    enum CodingKeys: String, CodingKey {
        case sub, iat, exp, typ
        case sessionId = "sid"
        case appId = "app_id"
        case generation = "gen"
    }
}

/// `typ` of Roster's tokens.
public enum TokenType: String, Codable, Sendable {
    case access
    case refresh
    /// Roster's addition: ends its session (DELETE `/auth/session`) and does nothing else, so a
    /// device may keep it where a refresh token could not be kept.
    case revoke
}
