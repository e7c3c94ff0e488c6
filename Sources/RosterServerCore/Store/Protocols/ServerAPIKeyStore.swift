/// An app's server API keys (the Admin API's `api_keys`). Each logs in a server user of its
/// own, made with it: the user's one identity is `api-key` with the key's id as provider id,
/// and the key is kept as a user's API key is (`APIKeyStore`, by SHA-256 only), so the client
/// API's `api-key` log-in takes it unchanged. Deleting its user (`UserStore.deleteUser`)
/// deletes the key.
package protocol ServerAPIKeyStore: Sendable {
    /// Stores `user`, its `identity` and `key` in one transaction, unless the app already has a
    /// server API key named `key.name`, or `limit` of them.
    func insertServerAPIKey(_ key: APIKeyRecord, user: UserRecord, identity: IdentityRecord, limit: Int) async throws
        -> ServerAPIKeyInsertion
    /// The app's server API keys in the order they were made, at most `limit`.
    func serverAPIKeys(appId: String, limit: Int) async throws -> [APIKeyRecord]
    /// The app's server API key with this id; nil when it has none (a user's key is none).
    func serverAPIKey(appId: String, id: String) async throws -> APIKeyRecord?
}

/// What `ServerAPIKeyStore.insertServerAPIKey` did.
package enum ServerAPIKeyInsertion: Sendable, Equatable {
    case inserted
    /// The app has a server API key of that name already.
    case nameTaken
    /// The app holds as many server API keys as it may.
    case full
}
