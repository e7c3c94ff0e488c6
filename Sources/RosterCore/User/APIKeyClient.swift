import Foundation
import RosterWire

/// A user API key. `key` is there only in the answer that created it.
public struct APIKey: Sendable, Equatable, Identifiable {
    public let id: String
    public let key: String?
    public let name: String
    public let disabled: Bool

    init(_ response: APIKeyResponse) {
        id = response.id
        key = response.key
        name = response.name
        disabled = response.disabled
    }
}

/// Manages a logged-in user's API keys; the protocol authorizes these with the refresh token.
///
///     let key = try await user.apiKeysAuth.create(name: "ci")
///     let again = try await app.login(credentials: .userAPIKey(key.key!))
public struct APIKeyClient: Sendable {
    let user: User

    public func create(name: String) async throws -> APIKey {
        let body = try WireCoding.encode(CreateAPIKeyRequest(name: name))
        let response = try await send(.post, Route.apiKeys, body: body)
        return try Self.checked(try ServerConnection.decode(APIKeyResponse.self, from: response, what: "API key"))
    }

    public func list() async throws -> [APIKey] {
        let response = try await send(.get, Route.apiKeys)
        return try ServerConnection.decode([APIKeyResponse].self, from: response, what: "API key list").map(Self.checked)
    }

    public func fetch(id: String) async throws -> APIKey {
        let response = try await send(.get, Route.apiKey(try Self.keyId(id)))
        return try Self.checked(try ServerConnection.decode(APIKeyResponse.self, from: response, what: "API key"))
    }

    public func enable(id: String) async throws {
        _ = try await send(.put, Route.enableAPIKey(try Self.keyId(id)))
    }

    public func disable(id: String) async throws {
        _ = try await send(.put, Route.disableAPIKey(try Self.keyId(id)))
    }

    public func delete(id: String) async throws {
        _ = try await send(.delete, Route.apiKey(try Self.keyId(id)))
    }

    /// A key from the server, whose id later goes into a route: refused unless it is an id.
    private static func checked(_ response: APIKeyResponse) throws -> APIKey {
        let key = APIKey(response)
        try ServerIdentifier.check(key.id, "API key id")
        return key
    }

    /// An id given to fetch, enable, disable or delete: one route segment, never a path.
    private static func keyId(_ id: String) throws -> String {
        guard ServerIdentifier.isValid(id) else { throw RosterError.invalidRequest("'\(id.prefix(64))' is not an API key id") }
        return id
    }

    private func send(_ method: WireMethod, _ path: String, body: Data? = nil) async throws -> WireResponse {
        let row = try user.keys.loggedInRow(user)
        return try await user.connection.expectSuccess(.json(method, path, body: body, bearer: row.refreshToken))
    }
}
