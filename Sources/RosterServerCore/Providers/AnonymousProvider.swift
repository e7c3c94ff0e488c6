/// `anon-user`: every log-in is a new identity, so a new user.
package struct AnonymousProvider: Sendable {
    package let ids: IdentifierSource

    package func authenticate() -> ProviderOutcome {
        .identity(providerId: ids.objectId(), profile: [:])
    }

    package init(ids: IdentifierSource) {
        self.ids = ids
    }
}
