import RosterWire

/// Who a provider's credentials identify.
package enum ProviderOutcome: Sendable {
    /// An identity of the provider, with profile fields it vouches for; the user owning it logs in
    /// (made on first use).
    case identity(providerId: String, profile: JSONObject)
    /// An existing user (API keys log their owner in).
    case user(id: String)
}
