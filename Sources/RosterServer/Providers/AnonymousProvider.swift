/// `anon-user`: every log-in is a new identity, so a new user.
struct AnonymousProvider: Sendable {
    let ids: IdentifierSource

    func authenticate() -> ProviderOutcome {
        .identity(providerId: ids.objectId(), profile: [:])
    }
}
