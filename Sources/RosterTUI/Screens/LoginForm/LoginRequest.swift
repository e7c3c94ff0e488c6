import RosterCore
import RosterWire

/// A validated log-in the form asks the effect runner for. Equatable so tests can compare
/// effects; `credentials` turns it into RosterCore's type. Its description hides the secret.
public struct LoginRequest: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public var provider: LoginForm.Provider
    public var email: String
    /// Password, API key, JWT, ID token, auth code, access token, or the function's JSON payload.
    public var secret: String
    /// Register the email user first.
    public var register: Bool
    /// The PIN the new user chooses, under a policy that asks for one.
    public var pin: String?

    public init(provider: LoginForm.Provider, email: String = "", secret: String = "", register: Bool = false, pin: String? = nil) {
        self.provider = provider
        self.email = email
        self.secret = secret
        self.register = register
        self.pin = pin
    }

    /// What the session core logs in with; nil on another device, where the person signs in.
    public var credentials: Credentials? {
        switch provider {
        case .anonymous: .anonymous
        case .emailPassword: .emailPassword(email: email, password: secret)
        case .apiKey: .userAPIKey(secret)
        case .customJWT: .jwt(secret)
        case .customFunction: .function((try? JSONValue(parsing: secret)) ?? .emptyObject)
        case .google: .google(idToken: secret)
        case .googleAuthCode: .googleAuthCode(secret)
        case .apple: .apple(idToken: secret)
        case .facebook: .facebook(accessToken: secret)
        case .otherDevice: nil
        }
    }

    public var description: String {
        "LoginRequest(\(provider.label)\(email.isEmpty ? "" : ", \(email)")\(register ? ", register" : ""))"
    }

    public var debugDescription: String { description }
}
