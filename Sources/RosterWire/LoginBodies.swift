/// What a client may say about its device when it logs in (`options.device`). Clients send
/// the `device_id` they were given back as Extended JSON, `{"$oid": "<24 hex>"}`; a plain
/// string is read too. Roster's session core sends what the SDKs send.
public struct DeviceInfo: Codable, Sendable, Equatable {
    public var deviceId: String?
    public var appId: String?
    public var appVersion: String?
    public var platform: String?
    public var platformVersion: String?
    public var sdk: String?
    public var sdkVersion: String?
    public var cpuArch: String?

    public init(
        deviceId: String? = nil, appId: String? = nil, appVersion: String? = nil, platform: String? = nil,
        platformVersion: String? = nil, sdk: String? = nil, sdkVersion: String? = nil, cpuArch: String? = nil
    ) {
        self.deviceId = deviceId
        self.appId = appId
        self.appVersion = appVersion
        self.platform = platform
        self.platformVersion = platformVersion
        self.sdk = sdk
        self.sdkVersion = sdkVersion
        self.cpuArch = cpuArch
    }

    enum CodingKeys: String, CodingKey {
        case deviceId, appId, appVersion, platform, platformVersion, sdk, sdkVersion, cpuArch
    }

    /// `{"$oid": …}`, as ObjectIds travel in Extended JSON.
    private struct ObjectId: Codable {
        var oid: String
        enum CodingKeys: String, CodingKey { case oid = "$oid" }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if (try? container.decodeNil(forKey: .deviceId)) ?? true {
            deviceId = nil
        } else if let text = try? container.decode(String.self, forKey: .deviceId) {
            deviceId = text
        } else {
            deviceId = try container.decode(ObjectId.self, forKey: .deviceId).oid
        }
        appId = try container.decodeIfPresent(String.self, forKey: .appId)
        appVersion = try container.decodeIfPresent(String.self, forKey: .appVersion)
        platform = try container.decodeIfPresent(String.self, forKey: .platform)
        platformVersion = try container.decodeIfPresent(String.self, forKey: .platformVersion)
        sdk = try container.decodeIfPresent(String.self, forKey: .sdk)
        sdkVersion = try container.decodeIfPresent(String.self, forKey: .sdkVersion)
        cpuArch = try container.decodeIfPresent(String.self, forKey: .cpuArch)
    }

    /// Writes the device id as the SDKs do, `{"$oid": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(deviceId.map(ObjectId.init), forKey: .deviceId)
        try container.encodeIfPresent(appId, forKey: .appId)
        try container.encodeIfPresent(appVersion, forKey: .appVersion)
        try container.encodeIfPresent(platform, forKey: .platform)
        try container.encodeIfPresent(platformVersion, forKey: .platformVersion)
        try container.encodeIfPresent(sdk, forKey: .sdk)
        try container.encodeIfPresent(sdkVersion, forKey: .sdkVersion)
        try container.encodeIfPresent(cpuArch, forKey: .cpuArch)
    }
}

/// `options` of a log-in body.
public struct LoginOptions: Codable, Sendable, Equatable {
    public var device: DeviceInfo?
    public init(device: DeviceInfo? = nil) { self.device = device }
}

/// The parts of a log-in body every provider shares. Provider fields sit beside them.
public struct LoginEnvelope: Codable, Sendable, Equatable {
    public var provider: String?
    public var options: LoginOptions?
}

/// `local-userpass` log-in: `username` holds the email.
public struct EmailPasswordLogin: Codable, Sendable, Equatable {
    public var username: String
    public var password: String
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}

/// `api-key` log-in.
public struct APIKeyLogin: Codable, Sendable, Equatable {
    public var key: String
    public init(key: String) { self.key = key }
}

/// `custom-token` log-in: a JWT signed by the app's own identity system.
public struct CustomTokenLogin: Codable, Sendable, Equatable {
    public var token: String
    public init(token: String) { self.token = token }
}

/// `oauth2-google` log-in: an OpenID Connect `id_token` or a server `authCode`.
public struct GoogleLogin: Codable, Sendable, Equatable {
    public var idToken: String?
    public var authCode: String?
    public init(idToken: String? = nil, authCode: String? = nil) {
        self.idToken = idToken
        self.authCode = authCode
    }
    enum CodingKeys: String, CodingKey {
        case idToken = "id_token"
        case authCode
    }
}

/// `oauth2-apple` log-in.
public struct AppleLogin: Codable, Sendable, Equatable {
    public var idToken: String
    public init(idToken: String) { self.idToken = idToken }
    enum CodingKeys: String, CodingKey { case idToken = "id_token" }
}

/// `oauth2-facebook` log-in.
public struct FacebookLogin: Codable, Sendable, Equatable {
    public var accessToken: String
    public init(accessToken: String) { self.accessToken = accessToken }
}
