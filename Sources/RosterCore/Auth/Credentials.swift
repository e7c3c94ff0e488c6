import Foundation
import RosterWire

/// What a person logs in with, one case per provider.
///
///     let user = try await app.login(credentials: .emailPassword(email: "joe@example.com", password: "passw0rd"))
public enum Credentials: Sendable {
    /// Anonymous; reuses the anonymous user already logged in on this device, if any.
    case anonymous
    /// Anonymous, always a new user.
    case anonymousNew
    case emailPassword(email: String, password: String)
    /// A user API key.
    case userAPIKey(String)
    /// A JWT signed by the app's own identity system (custom-token provider).
    case jwt(String)
    /// A document handed to the app's authentication function.
    case function(JSONValue)
    case google(idToken: String)
    case googleAuthCode(String)
    case apple(idToken: String)
    case facebook(accessToken: String)

    /// The provider these credentials log in with.
    public var provider: ProviderType {
        switch self {
        case .anonymous, .anonymousNew: .anonymous
        case .emailPassword: .emailPassword
        case .userAPIKey: .apiKey
        case .jwt: .customToken
        case .function: .customFunction
        case .google, .googleAuthCode: .google
        case .apple: .apple
        case .facebook: .facebook
        }
    }

    /// The provider's fields of the log-in body.
    var providerFields: JSONObject {
        switch self {
        case .anonymous, .anonymousNew: [:]
        case .emailPassword(let email, let password): ["username": .string(email), "password": .string(password)]
        case .userAPIKey(let key): ["key": .string(key)]
        case .jwt(let token): ["token": .string(token)]
        case .function(let document): document.objectValue ?? ["payload": document]
        case .google(let idToken): ["id_token": .string(idToken)]
        case .googleAuthCode(let code): ["authCode": .string(code)]
        case .apple(let idToken): ["id_token": .string(idToken)]
        case .facebook(let token): ["accessToken": .string(token)]
        }
    }

    /// The whole log-in body: provider fields plus `options.device`, as the SDKs send it (the
    /// device id this device was given, as `{"$oid": …}`).
    func loginBody(device: DeviceInfo) throws -> JSONValue {
        var body = providerFields
        body["options"] = ["device": try JSONValue(parsing: WireCoding.encode(device))]
        return .object(body)
    }
}

extension DeviceInfo {
    /// What Roster's session core says about the device it runs on.
    static func thisDevice(appId: String, deviceId: String?) -> DeviceInfo {
        #if arch(x86_64)
        let architecture = "x86_64"
        #elseif arch(arm64)
        let architecture = "arm64"
        #else
        let architecture = "unknown"
        #endif
        return DeviceInfo(
            deviceId: deviceId, appId: appId, platform: "Linux",
            platformVersion: ProcessInfo.processInfo.operatingSystemVersionString, sdk: "RosterCore", sdkVersion: "1",
            cpuArch: architecture)
    }
}
