/// The paths of the App Services client API, version 2.0, relative to a server's base URL.
///
/// Log-in and email/password routes carry the app id; session, profile, delete and API-key
/// routes do not (the token says which app):
///
///     Route.login(appId: "roster-demo", provider: .anonymous) // "/api/client/v2.0/app/roster-demo/auth/providers/anon-user/login"
///     Route.session // "/api/client/v2.0/auth/session"
public enum Route {
    public static let base = "/api/client/v2.0"

    public static func app(_ appId: String) -> String { "\(base)/app/\(appId)" }

    public static func location(appId: String) -> String { "\(app(appId))/location" }

    /// GET: the log-in providers the app enables (a Roster addition; see docs/PROTOCOL-ADDITIONS.md).
    public static func providers(appId: String) -> String { "\(app(appId))/auth/providers" }

    public static func provider(appId: String, _ provider: ProviderType) -> String {
        "\(app(appId))/auth/providers/\(provider.rawValue)"
    }

    /// Log in; add the query `link=true` to link an identity to the caller.
    public static func login(appId: String, provider: ProviderType) -> String {
        "\(self.provider(appId: appId, provider))/login"
    }

    public static let profile = "\(base)/auth/profile"
    public static let session = "\(base)/auth/session"
    public static let delete = "\(base)/auth/delete"
    public static let apiKeys = "\(base)/auth/api_keys"
    /// Roster's server-assisted unlock (docs/PROTOCOL-ADDITIONS.md): the session's unlock key
    /// (POST makes it, DELETE forgets it), and a PIN proof against it.
    public static let unlockKeys = "\(base)/auth/unlock_keys"
    public static let unlock = "\(base)/auth/unlock_keys/unlock"

    public static func apiKey(_ id: String) -> String { "\(apiKeys)/\(id)" }
    public static func enableAPIKey(_ id: String) -> String { "\(apiKeys)/\(id)/enable" }
    public static func disableAPIKey(_ id: String) -> String { "\(apiKeys)/\(id)/disable" }

    /// The email/password routes, under `…/auth/providers/local-userpass/`.
    public enum EmailPassword: String, Sendable, CaseIterable {
        case register
        case confirm
        case confirmSend = "confirm/send"
        case confirmCall = "confirm/call"
        case resetSend = "reset/send"
        case reset
        case resetCall = "reset/call"
    }

    public static func emailPassword(appId: String, _ route: EmailPassword) -> String {
        "\(provider(appId: appId, .emailPassword))/\(route.rawValue)"
    }

    public static func functionCall(appId: String) -> String { "\(app(appId))/functions/call" }
    /// Where the app keeps custom user data (a Roster addition).
    public static func customUserData(appId: String) -> String { "\(app(appId))/custom-user-data" }
}
