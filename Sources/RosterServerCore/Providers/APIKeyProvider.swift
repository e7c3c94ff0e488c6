import RosterWire

/// `api-key`: a user API key logs its owner in. Keys are looked up by SHA-256; a disabled or
/// deleted key is refused.
package struct APIKeyProvider: Sendable {
    package let store: any APIKeyStore

    package func authenticate(_ login: APIKeyLogin, app: ServedApp) async throws -> ProviderOutcome {
        let digest = SecretDigest.hex(of: login.key)
        guard let key = try await store.apiKey(appId: app.id, digest: digest),
            ConstantTime.equals(key.keyDigest, digest), !key.disabled
        else { throw ErrorResponse.authError("invalid API key") }
        return .user(id: key.userId)
    }

    package init(store: any APIKeyStore) {
        self.store = store
    }
}
