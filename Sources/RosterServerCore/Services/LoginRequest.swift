import Foundation
import RosterWire

/// What a provider checks: the credentials of one log-in, as its body gives them.
package enum LoginCredentials: Sendable {
    case anonymous
    case emailPassword(EmailPasswordLogin)
    case apiKey(APIKeyLogin)
    case customToken(CustomTokenLogin)
    /// The whole body, for the app's authentication function.
    case customFunction(JSONValue)
    case google(GoogleLogin)
    case apple(AppleLogin)
    case facebook(FacebookLogin)

    /// The account a wrong attempt is counted against: an email/password log-in's email.
    package var account: String? {
        guard case .emailPassword(let login) = self else { return nil }
        return EmailPasswordProvider.normalize(login.username)
    }
}

/// POST …/auth/providers/{provider}/login, read: the credentials for `provider` and the device
/// the client names in `options.device`.
///
///     let request = try LoginRequest(provider: .emailPassword, body: Data(#"{"username": "ann@example.com", "password": "…"}"#.utf8))
package struct LoginRequest: Sendable {
    package var credentials: LoginCredentials
    package var deviceId: String?

    package init(credentials: LoginCredentials, deviceId: String? = nil) {
        self.credentials = credentials
        self.deviceId = deviceId
    }

    /// The log-in a request body holds for `provider`; the protocol's BadRequest,
    /// MissingParameter or InvalidParameter when it holds none.
    package init(provider: ProviderType, body: Data) throws(ErrorResponse) {
        let envelope = try WireBody.decode(LoginEnvelope.self, from: body)
        deviceId = envelope.options?.device?.deviceId
        switch provider {
        case .anonymous: credentials = .anonymous
        case .emailPassword: credentials = .emailPassword(try WireBody.decode(EmailPasswordLogin.self, from: body))
        case .apiKey: credentials = .apiKey(try WireBody.decode(APIKeyLogin.self, from: body))
        case .customToken: credentials = .customToken(try WireBody.decode(CustomTokenLogin.self, from: body))
        case .customFunction: credentials = .customFunction(try WireBody.object(from: body))
        case .google: credentials = .google(try WireBody.decode(GoogleLogin.self, from: body))
        case .apple: credentials = .apple(try WireBody.decode(AppleLogin.self, from: body))
        case .facebook: credentials = .facebook(try WireBody.decode(FacebookLogin.self, from: body))
        }
    }
}
