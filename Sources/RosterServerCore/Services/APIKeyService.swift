import Foundation
import RosterWire

/// A user's API keys, managed with the refresh token: the key itself is shown once, at
/// creation; only its SHA-256 is kept.
package struct APIKeyService: Sendable {
    package let store: any APIKeyStore
    package let ids: IdentifierSource
    package let now: @Sendable () -> Date

    package func create(for caller: AuthorizedSession, _ request: CreateAPIKeyRequest) async throws -> APIKeyResponse {
        let name = request.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 128 else { throw ErrorResponse.invalidParameter("an API key name must be 1-128 characters") }
        guard ProfileText.isFitForName(name) else {
            throw ErrorResponse.invalidParameter("an API key name may not hold control characters or bidirectional controls")
        }
        let secret = ids.secret()
        let record = APIKeyRecord(
            id: ids.objectId(), appId: caller.app.id, userId: caller.user.id, name: name,
            keyDigest: SecretDigest.hex(of: secret), disabled: false,
            createdAt: Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down)))
        guard try await store.insertAPIKey(record) else {
            throw ErrorResponse.invalidParameter("an API key named '\(name)' already exists")
        }
        return APIKeyResponse(id: record.id, key: secret, name: name, disabled: false)
    }

    package func list(for caller: AuthorizedSession) async throws -> [APIKeyResponse] {
        try await store.apiKeys(appId: caller.app.id, userId: caller.user.id).map(Self.describe)
    }

    package func fetch(_ id: String, for caller: AuthorizedSession) async throws -> APIKeyResponse {
        guard let key = try await store.apiKey(appId: caller.app.id, userId: caller.user.id, id: id) else {
            throw ErrorResponse.apiKeyNotFound()
        }
        return Self.describe(key)
    }

    package func delete(_ id: String, for caller: AuthorizedSession) async throws {
        guard try await store.deleteAPIKey(appId: caller.app.id, userId: caller.user.id, id: id) else {
            throw ErrorResponse.apiKeyNotFound()
        }
    }

    package func setDisabled(_ id: String, _ disabled: Bool, for caller: AuthorizedSession) async throws {
        guard try await store.setAPIKeyDisabled(appId: caller.app.id, userId: caller.user.id, id: id, disabled: disabled) else {
            throw ErrorResponse.apiKeyNotFound()
        }
    }

    package static func describe(_ key: APIKeyRecord) -> APIKeyResponse {
        APIKeyResponse(id: key.id, name: key.name, disabled: key.disabled)
    }

    package init(store: any APIKeyStore, ids: IdentifierSource, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.ids = ids
        self.now = now
    }
}
