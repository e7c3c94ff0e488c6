import Crypto
import Foundation
import Logging
import RosterWire
import Synchronization

/// The engine behind `App` and `User`: the users of one app on one device, their store, the
/// connection to the server and the handles given out. `App` and `User` are thin fronts on it.
final class DeviceSessions: Sendable {
    let appId: String
    let store: any DeviceStore
    let connection: ServerConnection
    let clock: any RosterClock
    let directory: URL
    let refreshMargin: TimeInterval
    let refreshRetry: RefreshRetryRule
    let refresher = RefreshCoordinator()
    let broadcaster = ChangeBroadcaster()
    let logger: Logger
    let sealer: SessionSealer
    let secretKeyDerivation: SecretKeyDerivation
    /// Keys of sessions sealed with a PIN or password, by entry: in memory only, and only for
    /// users this process has been given the secret of (the active one, in the switcher).
    let unlockedKeys = Mutex<[String: SymmetricKey]>([:])
    private let handles = Mutex<[String: WeakUser]>([:])
    /// Where the server keeps custom user data, once asked.
    let customDataLocation = Mutex<CustomUserDataLocation?>(nil)

    init(configuration: AppConfiguration, store: any DeviceStore) throws {
        let deviceKey = try DeviceKey.load(
            in: configuration.directory, expectedId: try store.deviceKeyId(), randomBytes: configuration.randomBytes)
        if try store.deviceKeyId() == nil { try store.setDeviceKeyId(deviceKey.id) }
        sealer = SessionSealer(deviceKey: deviceKey, randomBytes: configuration.randomBytes)
        secretKeyDerivation = configuration.secretKeyDerivation
        appId = configuration.appId
        self.store = store
        connection = ServerConnection(appId: configuration.appId, transport: configuration.transport)
        clock = configuration.clock
        directory = configuration.directory
        refreshMargin = configuration.refreshMargin
        refreshRetry = RefreshRetryRule(
            retries: max(0, configuration.refreshRetries), firstDelay: configuration.refreshRetryDelay,
            budget: configuration.refreshRetryBudget)
        logger = configuration.logger
        try sealLegacyTokens()
    }

    /// Seals, with the device key, tokens an earlier version of Roster kept in clear.
    private func sealLegacyTokens() throws {
        for legacy in try store.legacyTokens() {
            let sealed = try sealer.seal(
                legacy.secrets, key: sealer.deviceRowKey(userId: legacy.id), kind: .device, userId: legacy.id, entry: legacy.entry)
            try store.sealLegacyTokens(id: legacy.id, sealed: sealed, lifetime: Self.lifetime(of: legacy.secrets.accessToken))
        }
    }

    /// `exp - iat` of an access token, when it can be read.
    static func lifetime(of accessToken: String) -> TimeInterval? {
        guard let claims = try? UnverifiedJWT.claims(AccessTokenClaims.self, of: accessToken) else { return nil }
        return TimeInterval(claims.exp - claims.iat)
    }

    /// Writes a line of the device's history; a failure to write it is logged, never thrown.
    func record(_ event: HistoryEntry.Event, userId: String? = nil, name: String? = nil) {
        do {
            try store.appendHistory(HistoryEntry(at: clock.now(), event: event, userId: userId, userName: name))
        } catch {
            logger.warning("cannot write the device history", metadata: ["event": "\(event.rawValue)"])
        }
    }

    /// The one handle for this stay of the user on the device.
    func handle(for row: StoredUser) -> User {
        handles.withLock { handles in
            if let existing = handles[row.entry]?.user { return existing }
            let user = User(row: row, sessions: self)
            handles[row.entry] = WeakUser(user: user)
            return user
        }
    }

    var currentUser: User? {
        guard let id = try? store.currentUserId(), let row = try? store.user(id: id), row.state == .loggedIn else {
            return nil
        }
        return handle(for: row)
    }

    var allUsers: [User] {
        ((try? store.users()) ?? []).map(handle(for:))
    }

    func publish(_ event: AppChange.Event, userId: String, currentUserId: String? = nil) {
        let current = currentUserId ?? (try? store.currentUserId()) ?? nil
        broadcaster.publish(AppChange(event: event, userId: userId, currentUserId: current))
    }

    /// Where files of one user live: `directory/users/<id>/`.
    func userDirectory(_ id: String) -> URL {
        directory.appendingPathComponent("users", isDirectory: true).appendingPathComponent(id, isDirectory: true)
    }

    func deleteUserFiles(_ id: String) {
        let folder = userDirectory(id)
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        do {
            try FileManager.default.removeItem(at: folder)
        } catch {
            logger.warning("could not delete the files of a removed user", metadata: ["user": "\(id)"])
        }
    }

    /// Makes a logged-in user current, without the network (BEHAVIOURS 12, 13). A session sealed
    /// with a secret needs it, unless this process holds its key already (BEHAVIOURS 43); the
    /// keys of everyone else are then dropped, so only the active user's stay in memory.
    func switchUser(to user: User, secret: String) async throws {
        let user = try own(user)
        if let row = user.load(), row.state == .loggedIn, row.sealed != nil, !isUnlocked(row) {
            try await unlock(user, secret: secret)
        }
        try switchUser(to: user)
    }

    /// `switchUser` for a user this process can open without asking: anyone under `open`, and
    /// under another policy the user whose PIN it was given.
    func switchUser(to user: User) throws {
        let user = try own(user)
        if let row = user.load(), row.state == .loggedIn, let sealed = row.sealed, !isUnlocked(row) {
            throw RosterError.locked(user: row.displayName, secret: secretKind(of: sealed))
        }
        switch try store.makeCurrent(id: user.id, entry: user.entry, at: clock.now()) {
        case .switched:
            keepOnlyUnlocked(entry: user.entry)
            record(.switched, userId: user.id, name: user.displayName)
            publish(.switched, userId: user.id, currentUserId: user.id)
        case .notLoggedIn(let row):
            throw RosterError.userLoggedOut(row.displayName)
        case .gone:
            user.markRemoved()
            throw RosterError.userRemoved(user.displayName)
        }
    }

    /// This engine's handle for a user, which may come from another `App` over the same device.
    private func own(_ user: User) throws -> User {
        if user.sessions === self { return user }
        guard let row = try store.user(id: user.id) else { throw RosterError.userNotFound(user.id) }
        return handle(for: row)
    }

    /// The stored row of a user that must be logged in, opened: its tokens readable.
    func loggedInRow(_ user: User) throws -> StoredUser {
        guard let row = user.load() else { throw RosterError.userRemoved(user.displayName) }
        guard row.state == .loggedIn, row.sealed != nil else { throw RosterError.userLoggedOut(row.displayName) }
        return try opened(row)
    }
}

/// A handle the registry does not keep alive; only read and written under the registry's lock.
struct WeakUser: @unchecked Sendable {
    weak var user: User?
}
