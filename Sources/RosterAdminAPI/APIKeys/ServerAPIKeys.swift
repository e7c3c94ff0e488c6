import Foundation
import RosterServerCore
import RosterWire

/// An app's server API keys, as an operator of its group manages them: made with a name (the
/// key shown once, in the answer), listed, read, enabled, disabled and deleted. Each key logs
/// in, through the client API's `api-key` provider, a server user of its own made with it; the
/// key is kept as a user's API key is, by its SHA-256 only. A change is seen at once by every
/// server over the database: nothing of it is cached.
///
///     let keys = ServerAPIKeys(apps: apps, store: core.hosting.store)
///     let (_, made) = try await keys.create(name: "deploy", app: appId, in: groupId)   // made.key, once
struct ServerAPIKeys: Sendable {
    let apps: AdminApps
    let store: any AppHosting.Store
    let ids: IdentifierSource
    let now: @Sendable () -> Date

    init(apps: AdminApps, store: any AppHosting.Store, ids: IdentifierSource, now: @escaping @Sendable () -> Date) {
        self.apps = apps
        self.store = store
        self.ids = ids
        self.now = now
    }

    /// The longest name a key may have, as a user's API key's.
    static let maxNameLength = 128

    /// A new key named `name` and its server user; the answer holds the key, which nothing
    /// shows again.
    func create(name: String?, app id: String, in groupId: String) async throws -> (HostedApp, APIKeyResponse) {
        let app = try await apps.app(id, in: groupId)
        guard let raw = name else { throw AdminResourceError.missing("name") }
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= Self.maxNameLength else {
            throw AdminResourceError.invalid("name", "must be 1-\(Self.maxNameLength) characters")
        }
        guard ProfileText.isFitForName(name) else {
            throw AdminResourceError.invalid("name", "may not hold control characters or bidirectional controls")
        }
        let created = Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down))
        let secret = ids.secret()
        let user = UserRecord(id: ids.objectId(), appId: app.clientAppId, disabled: false, createdAt: created, profile: "{}")
        let key = APIKeyRecord(
            id: ids.objectId(), appId: app.clientAppId, userId: user.id, name: name,
            keyDigest: SecretDigest.hex(of: secret), disabled: false, createdAt: created)
        let identity = IdentityRecord(
            appId: app.clientAppId, providerType: ProviderType.apiKey.rawValue, providerId: key.id, userId: user.id, createdAt: created)
        switch try await store.insertServerAPIKey(key, user: user, identity: identity, limit: AdminLimits.serverAPIKeysPerApp) {
        case .inserted: return (app, APIKeyResponse(id: key.id, key: secret, name: name, disabled: false))
        case .nameTaken: throw AdminResourceError.duplicate("APIKeyAlreadyExists", "an API key named '\(name)' already exists")
        case .full:
            throw AdminResourceError.conflict(
                "InvalidParameter", "the app holds \(AdminLimits.serverAPIKeysPerApp) API keys already; delete one first")
        }
    }

    func list(app id: String, in groupId: String) async throws -> [APIKeyResponse] {
        let app = try await apps.app(id, in: groupId)
        return try await store.serverAPIKeys(appId: app.clientAppId, limit: AdminLimits.serverAPIKeysPerApp).map(APIKeyService.describe)
    }

    func key(_ keyId: String, app id: String, in groupId: String) async throws -> APIKeyResponse {
        let app = try await apps.app(id, in: groupId)
        return APIKeyService.describe(try await find(keyId, in: app))
    }

    /// Disabling a key refuses its log-ins from now on; the sessions it opened go on, as a
    /// user's key's do.
    func setDisabled(_ disabled: Bool, _ keyId: String, app id: String, in groupId: String) async throws -> HostedApp {
        let app = try await apps.app(id, in: groupId)
        let key = try await find(keyId, in: app)
        guard try await store.setAPIKeyDisabled(appId: app.clientAppId, userId: key.userId, id: key.id, disabled: disabled) else {
            throw Self.notFound
        }
        return app
    }

    /// The key and its server user, with the user's sessions: its tokens are refused at once.
    func delete(_ keyId: String, app id: String, in groupId: String) async throws -> HostedApp {
        let app = try await apps.app(id, in: groupId)
        let key = try await find(keyId, in: app)
        guard try await store.deleteUser(appId: app.clientAppId, userId: key.userId) else { throw Self.notFound }
        return app
    }

    private func find(_ keyId: String, in app: HostedApp) async throws -> APIKeyRecord {
        guard AdminObjectID.isValid(keyId), let key = try await store.serverAPIKey(appId: app.clientAppId, id: keyId.lowercased()) else {
            throw Self.notFound
        }
        return key
    }

    static let notFound = AdminResourceError(status: 404, code: "APIKeyNotFound", message: "API key not found")
}
