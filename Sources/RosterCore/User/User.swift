import Foundation
import RosterWire
import Synchronization

/// One user on the device. Properties read the device store, so they work offline and follow
/// changes made by other handles; once removed, a handle stays removed for ever and keeps its
/// last id, identities and profile readable (BEHAVIOURS 2).
///
///     let user = try await app.login(credentials: .anonymous)
///     print(user.state, user.customData)
public final class User: SessionCoreAccess, Sendable, Identifiable {
    public let id: String
    /// Which stay of this user id on the device the handle belongs to.
    let entry: String
    /// The app's collaborators, called by name (`keys`, `tokens`, `logOutFlow`, …).
    let core: SessionCore
    private let snapshot: Mutex<Snapshot>

    private struct Snapshot {
        var last: StoredUser
        var removed = false
    }

    init(row: StoredUser, core: SessionCore) {
        id = row.id
        entry = row.entry
        self.core = core
        snapshot = Mutex(Snapshot(last: row.withoutSession))
    }

    /// The stored row, or `nil` once removed. A store that cannot be read falls back to the
    /// last snapshot (without tokens).
    func load() -> StoredUser? {
        if snapshot.withLock({ $0.removed }) { return nil }
        do {
            guard let row = try store.user(id: id), row.entry == entry else {
                markRemoved()
                return nil
            }
            snapshot.withLock { $0.last = row.withoutSession }
            return row
        } catch {
            environment.logger.warning("cannot read the device store", metadata: ["user": "\(id)"])
            return snapshot.withLock { $0.last }
        }
    }

    func markRemoved() {
        snapshot.withLock { $0.removed = true }
    }

    private var lastKnown: StoredUser { load() ?? snapshot.withLock { $0.last } }

    /// The name people know the user by, for lists and messages: email, name,
    /// "anonymous user …", or the id.
    public var displayName: String { snapshot.withLock { $0.last.displayName } }

    public var state: UserState { load()?.state ?? .removed }

    public var isCurrent: Bool {
        guard let row = load(), row.state == .loggedIn else { return false }
        return (try? store.currentUserId()) == id
    }

    /// Logged in with exactly one identity, from `anon-user` (BEHAVIOURS 3).
    public var isAnonymous: Bool { lastKnown.isAnonymous }

    public var identities: [Identity] { lastKnown.identities }

    /// The profile captured at log-in.
    public var profile: UserProfile { UserProfile(data: lastKnown.profile) }

    public var deviceId: String? { lastKnown.deviceId }

    /// Last log-in, switch or refresh, in device time.
    public var lastActive: Date? { lastKnown.lastActive }

    /// The row opened with the key this process holds, or `nil` (logged out, or locked).
    private var openedRow: StoredUser? { load().flatMap(keys.openedIfUnlocked) }

    /// The `user_data` of the current access token: an object, `{}` when the user has no
    /// document or holds no token (BEHAVIOURS 31, 34, 35), or is locked (`isLocked`).
    public var customData: JSONValue {
        guard let data = openedRow?.accessClaims?.userData else { return .emptyObject }
        return data.objectValue == nil ? .emptyObject : data
    }

    /// When the custom data was fetched: the device time its access token arrived.
    public var customDataIssuedAt: Date? {
        guard let row = load(), row.state == .loggedIn else { return nil }
        return row.accessTokenReceivedAt
    }

    public var accessToken: String? { openedRow?.accessToken }

    /// When the access token expires, in device time.
    public var accessTokenExpiresAt: Date? { load()?.accessTokenExpiresAt }

    /// The refresh token, for requests the protocol authorizes with it.
    var refreshToken: String? { openedRow?.refreshToken }

    /// Logged in, with a session sealed by a PIN (or password) this process has not been given:
    /// nothing of it can be read or done until `unlock` (BEHAVIOURS 43, 44).
    public var isLocked: Bool {
        guard let row = load(), row.state == .loggedIn, row.sealed != nil else { return false }
        return !keys.isUnlocked(row)
    }

    /// What opens this user's session: a PIN, a password, or nothing (`open` policy).
    public var secretKind: SecretKind? {
        guard let sealed = load()?.sealed, sealed.kind.needsSecret else { return nil }
        return sealed.secretKind
    }

    /// Checks the PIN (or password) and keeps the key in memory for this process; wrong ones
    /// are counted across processes (BEHAVIOURS 45). The report tells of wrong PINs the server
    /// was sent since the last unlock (`--unlock server`).
    @discardableResult
    public func unlock(secret: String) async throws -> UnlockReport {
        try await keys.unlock(self, secret: secret)
    }

    /// Forgets the key: the session is sealed again for this process.
    public func lock() {
        keys.lock(self)
    }

    /// Changes the user's PIN; the old one is needed (BEHAVIOURS 46).
    public func changePIN(old: String, new: String) async throws {
        try await keys.changePIN(self, old: old, new: new)
    }

    /// An access token good for the refresh margin, refreshed first when about to expire.
    public func freshAccessToken() async throws -> String {
        try await tokens.freshAccessToken(self)
    }

    /// Fetches a new access token and with it the server's custom data now (BEHAVIOURS 32, 33).
    @discardableResult
    public func refreshCustomData() async throws -> JSONValue {
        _ = try await tokens.refresh(self)
        return customData
    }

    /// Fetches the profile again and stores it.
    @discardableResult
    public func refreshProfile() async throws -> UserProfile {
        UserProfile(data: try await loginFlow.refreshProfile(self).data)
    }

    /// Logs out here first, then tells the server; never fails for want of a network
    /// (BEHAVIOURS 15-20). A no-op on a logged-out or removed user. Under `pin` or `password`,
    /// `RosterError.locked` unless this process holds the user's key (BEHAVIOURS 53) or is
    /// given the admin PIN's `admin` grant (BEHAVIOURS 54).
    @discardableResult
    public func logOut(admin: AdminGrant? = nil) async throws -> LogOutReport {
        try await logOutFlow.logOut(self, admin: admin)
    }

    /// Takes the user off the device (BEHAVIOURS 21-25); a logged-in user sealed with their PIN
    /// only from a process that holds their key (BEHAVIOURS 53), or with the admin PIN's
    /// `admin` grant (BEHAVIOURS 54).
    public func remove(admin: AdminGrant? = nil) async throws {
        try await logOutFlow.remove(self, admin: admin)
    }

    /// Deletes the user on the server, and from the device (BEHAVIOURS 38).
    public func delete() async throws {
        try await logOutFlow.delete(self)
    }

    /// Links more credentials to this logged-in user (BEHAVIOURS 36, 37).
    public func linkUser(credentials: Credentials) async throws {
        try await loginFlow.link(self, credentials: credentials)
    }

    /// Starts a link approved on another device: the identity the person signs in with there is
    /// linked to this user. Poll it with `App.pollDeviceLogin(_:)`.
    public func startDeviceLink(terminal: String? = nil) async throws -> DeviceLogin {
        try await deviceLoginFlow.startLink(self, terminal: terminal)
    }

    /// Calls a server function (or, with `service: "mongodb-atlas"`, a data-access operation),
    /// authorized by the access token; the result as JSON. The arguments go as written, their
    /// objects' fields in order (a sort specification, a pipeline).
    public func callFunction(_ name: String, arguments: [JSONValue] = [], service: String? = nil) async throws -> JSONValue {
        let body = Self.functionCall(name, arguments, service).data
        let path = Route.functionCall(appId: environment.appId)
        let response = try await tokens.authorized(self) { token in .json(.post, path, body: body, bearer: token) }
        guard response.isSuccess else { throw ServerConnection.error(from: response) }
        guard !response.body.isEmpty else { return .null }
        do {
            return try JSONValue(parsing: response.body)
        } catch {
            throw RosterError.malformedResponse("the function's result is not JSON")
        }
    }

    /// Opens a function call whose answer is a stream (`watch`): sent as App Services' SDKs
    /// send it, `GET …/functions/call?baas_request=<the call as base64 JSON>`. A refusal throws
    /// the server's error; the stream's body is the caller's to read.
    func openFunctionStream(_ name: String, arguments: [JSONValue], service: String?) async throws -> WireStreamResponse {
        let encoded = Self.functionCall(name, arguments, service).data.base64EncodedString()
        let path = Route.functionCall(appId: environment.appId)
        let response = try await tokens.authorizedStream(self) { token in
            WireRequest(
                method: .get, path: path, query: ["baas_request": encoded],
                headers: ["accept": "text/event-stream", "authorization": "Bearer \(token)"])
        }
        guard (200..<300).contains(response.status) else { throw ServerConnection.error(from: try await response.collected()) }
        return response
    }

    /// A function call as the SDKs write it: `{name, arguments, service?}`.
    private static func functionCall(_ name: String, _ arguments: [JSONValue], _ service: String?) -> JSONValue {
        var call: JSONObject = ["name": .string(name), "arguments": .array(arguments)]
        if let service { call["service"] = .string(service) }
        return .object(call)
    }

    /// The user's API keys, managed with its refresh token.
    public var apiKeysAuth: APIKeyClient { APIKeyClient(user: self) }

    /// Changes to this user, from now on; each call is a new stream.
    public func changes() -> AsyncStream<UserChange> {
        let source = broadcaster.stream()
        let id = id
        return AsyncStream { continuation in
            let task = Task {
                for await change in source where change.userId == id {
                    let state: UserState = switch change.event {
                    case .loggedOut: .loggedOut
                    case .removed: .removed
                    default: .loggedIn
                    }
                    continuation.yield(UserChange(event: change.event, state: state, isCurrent: change.currentUserId == id))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
