/// What kind of user App Services says a user is, as the client API's profile, a function's
/// `context.user`, a rule's `%%user`, an authentication trigger's event and the Admin API's
/// users all name it (`type`). A stored user is `normal` or `server`; `system` is only the
/// user a function runs as when the server runs it for itself.
///
///     UserType(providerTypes: ["local-userpass"])   // .normal
///     UserType(providerTypes: ["api-key"])          // .server: a server API key's user
public enum UserType: String, Codable, Sendable, CaseIterable, Hashable {
    /// A person's user, made by logging in with any provider but `api-key`.
    case normal
    /// The user a server API key (the Admin API's `api_keys`) was made with: it logs in with
    /// that key through the `api-key` provider.
    case server
    /// The system user, whom no rule limits: `context.user` of a function the server runs for
    /// itself (a trigger's, an authentication provider's, the user creation function), never
    /// a stored user.
    case system

    /// The type of a user with identities of these providers. A server API key's user is the
    /// only user with an `api-key` identity: a user's own API keys log their owner in and
    /// cannot be linked, so their owner stays `normal`.
    public init(providerTypes: some Sequence<String>) {
        self = providerTypes.contains(ProviderType.apiKey.rawValue) ? .server : .normal
    }

    /// The type of a user with these identities.
    public init(identities: [Identity]) {
        self.init(providerTypes: identities.lazy.map(\.providerType))
    }
}
