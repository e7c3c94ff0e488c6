/// Users' API keys, kept by digest.
package protocol APIKeyStore: Sendable {
    /// False when the user already has a key with this name.
    func insertAPIKey(_ key: APIKeyRecord) async throws -> Bool
    func apiKeys(appId: String, userId: String) async throws -> [APIKeyRecord]
    func apiKey(appId: String, userId: String, id: String) async throws -> APIKeyRecord?
    func apiKey(appId: String, digest: String) async throws -> APIKeyRecord?
    func setAPIKeyDisabled(appId: String, userId: String, id: String, disabled: Bool) async throws -> Bool
    func deleteAPIKey(appId: String, userId: String, id: String) async throws -> Bool
}
