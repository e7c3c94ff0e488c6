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

    /// The name people read, in the switcher and on the command line alike ("email",
    /// "anonymous", "custom-token"); the wire name stays in `--json` output.
    public var displayName: String {
        switch self {
        case .anonymous: "anonymous"
        case .emailPassword: "email"
        case .apiKey: "api-key"
        case .customToken: "custom-token"
        case .customFunction: "custom-function"
        case .google: "google"
        case .apple: "apple"
        case .facebook: "facebook"
        }
    }

    /// The name people read for a wire name; a wire name Roster does not know is shown as it is.
    public static func displayName(wire: String) -> String {
        ProviderType(rawValue: wire)?.displayName ?? wire
    }
}
