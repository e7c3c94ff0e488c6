/// The authentication providers of the App Services client API, named as on the wire: the value
/// is both the path segment of the log-in route and the `provider_type` of an identity.
public enum ProviderType: String, Codable, Sendable, CaseIterable, Hashable {
    case anonymous = "anon-user"
    case emailPassword = "local-userpass"
    case apiKey = "api-key"
    case customToken = "custom-token"
    case customFunction = "custom-function"
    case google = "oauth2-google"
    case apple = "oauth2-apple"
    case facebook = "oauth2-facebook"

    /// A short name people read in a list ("email", "anonymous").
    public var displayName: String {
        switch self {
        case .anonymous: "anonymous"
        case .emailPassword: "email"
        case .apiKey: "api-key"
        case .customToken: "jwt"
        case .customFunction: "function"
        case .google: "google"
        case .apple: "apple"
        case .facebook: "facebook"
        }
    }
}
