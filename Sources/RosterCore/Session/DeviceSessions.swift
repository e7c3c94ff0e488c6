import Foundation
import Logging
import RosterWire
import Synchronization

/// The users of one app on one device, behind `App` and `User`: it builds the collaborators
/// that do the work (`SessionKeys`, `TokenRefresher`, `LoginFlow`, `DeviceLoginFlow`,
/// `LogOutFlow`, `PolicyFlow`, `AdminPINs`, `Revocations`), each given the one
/// `SessionEnvironment` they share and only what is its own besides, and keeps what belongs to
/// the whole app: the one handle per user, the current user,
/// switching and the change streams.
final class DeviceSessions: SessionCollaborator {
    let environment: SessionEnvironment
    let broadcaster: ChangeBroadcaster

    let revocations: Revocations
    let keys: SessionKeys
    let tokens: TokenRefresher
    let loginFlow: LoginFlow
    let deviceLoginFlow: DeviceLoginFlow
    let logOutFlow: LogOutFlow
    let policyFlow: PolicyFlow
    let adminPINs: AdminPINs

    private let handles = Mutex<[String: WeakUser]>([:])
    /// Where the server keeps custom user data, once asked.
    private let customDataLocation = Mutex<CustomUserDataLocation?>(nil)

    init(configuration: AppConfiguration, store: any DeviceStore) throws {
        let deviceKey = try DeviceKey.load(
            in: configuration.directory, expectedId: try store.deviceKeyId(), randomBytes: configuration.randomBytes)
        if try store.deviceKeyId() == nil { try store.setDeviceKeyId(deviceKey.id) }
        let sealer = SessionSealer(deviceKey: deviceKey, randomBytes: configuration.randomBytes)
        let (clock, logger) = (configuration.clock, configuration.logger)
        let broadcaster = ChangeBroadcaster()
        self.broadcaster = broadcaster
        let environment = SessionEnvironment(
            appId: configuration.appId, store: store, connection: ServerConnection(appId: configuration.appId, transport: configuration.transport),
            clock: clock, history: DeviceHistory(store: store, clock: clock, logger: logger, eventLimits: configuration.sessionEvents),
            changes: ChangePublisher(broadcaster: broadcaster, store: store),
            files: UserFiles(directory: configuration.directory, logger: logger), logger: logger)
        self.environment = environment

        let revocations = Revocations(environment: environment, sealer: sealer)
        let keys = SessionKeys(
            environment: environment, sealer: sealer, secretKeyDerivation: configuration.secretKeyDerivation, revocations: revocations,
            passwordCheck: PasswordCheck(environment: environment, revocations: revocations),
            unlockKeys: UnlockKeys(connection: environment.connection))
        let tokens = TokenRefresher(
            environment: environment, keys: keys, margin: configuration.refreshMargin,
            retry: RefreshRetryRule(
                retries: max(0, configuration.refreshRetries), firstDelay: configuration.refreshRetryDelay,
                budget: configuration.refreshRetryBudget),
            checkWait: configuration.sessionCheckWait, coordinator: RefreshCoordinator(), revocations: revocations)
        let loginFlow = LoginFlow(environment: environment, keys: keys, tokens: tokens, revocations: revocations)
        self.revocations = revocations
        self.keys = keys
        self.tokens = tokens
        self.loginFlow = loginFlow
        deviceLoginFlow = DeviceLoginFlow(environment: environment, tokens: tokens, loginFlow: loginFlow)
        logOutFlow = LogOutFlow(environment: environment, keys: keys, tokens: tokens, revocations: revocations)
        policyFlow = PolicyFlow(environment: environment, keys: keys, revocations: revocations)
        adminPINs = AdminPINs(environment: environment, sealer: sealer, cost: configuration.secretKeyDerivation)
        try keys.sealLegacyTokens()
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

    // A `User` refers to this hub, so the flows that give out users do not hold it: they hand
    // back stored rows, or take `handle(for:)` for the one call that needs it.

    /// Logs in (see `LoginFlow.login`) and gives the user's handle.
    func login(_ credentials: Credentials, secret: String? = nil) async throws -> User {
        handle(for: try await loginFlow.login(credentials, secret: secret))
    }

    /// Asks once how a device log-in stands (see `DeviceLoginFlow.poll`).
    func pollDeviceLogin(_ login: DeviceLogin, secret: String?) async throws -> DeviceLoginState {
        try await deviceLoginFlow.poll(login, secret: secret, handle: handle(for:))
    }

    /// Changes the device's policy (see `PolicyFlow.setPolicy`); the users logged out by it.
    func setPolicy(_ new: DevicePolicy, pins: [String: String], admin: AdminGrant?) async throws -> [String] {
        try await policyFlow.setPolicy(new, pins: pins, admin: admin, handle: handle(for:))
    }

    /// Makes a logged-in user current, without the network (BEHAVIOURS 12, 13). A session sealed
    /// with a secret needs it, unless this process holds its key already (BEHAVIOURS 43); the
    /// keys of everyone else are then dropped, so only the active user's stay in memory.
    @discardableResult
    func switchUser(to user: User, secret: String?) async throws -> UnlockReport {
        let user = try own(user)
        var report = UnlockReport(user: user.displayName)
        if let secret, let row = user.load(), row.state == .loggedIn, row.sealed != nil, !keys.isUnlocked(row) {
            report = try await keys.unlock(user, secret: secret)
        }
        // A session the server has ended is not switched to (BEHAVIOURS 51).
        try await tokens.checkSession(user)
        try switchUser(to: user)
        return report
    }

    /// `switchUser` for a user this process can open without asking: anyone under `open`, and
    /// under another policy the user whose PIN it was given.
    func switchUser(to user: User) throws {
        let user = try own(user)
        if let row = user.load(), row.state == .loggedIn, let sealed = row.sealed, !keys.isUnlocked(row) {
            throw RosterError.locked(user: row.displayName, secret: sealed.secretKind)
        }
        switch try store.makeCurrent(id: user.id, entry: user.entry, at: clock.now()) {
        case .switched:
            keys.keepOnlyUnlocked(entry: user.entry)
            history.record(.switched, userId: user.id, name: user.displayName)
            changes.publish(.switched, userId: user.id, currentUserId: user.id)
        case .notLoggedIn(let row):
            throw RosterError.userLoggedOut(row.displayName)
        case .gone:
            user.markRemoved()
            throw RosterError.userRemoved(user.displayName)
        }
    }

    /// This app's handle for a user, which may come from another `App` over the same device.
    private func own(_ user: User) throws -> User {
        if user.sessions === self { return user }
        guard let row = try store.user(id: user.id) else { throw RosterError.userNotFound(user.id) }
        return handle(for: row)
    }

    /// Where the server keeps custom user data: asked once, then remembered.
    func customUserDataLocation() async throws -> CustomUserDataLocation {
        if let known = customDataLocation.withLock({ $0 }) { return known }
        let response = try await connection.expectSuccess(.json(.get, Route.customUserData(appId: appId)))
        let location = try ServerConnection.decode(CustomUserDataLocation.self, from: response, what: "custom user data location")
        customDataLocation.withLock { $0 = location }
        return location
    }
}

/// A handle the registry does not keep alive; only read and written under the registry's lock.
struct WeakUser: @unchecked Sendable {
    weak var user: User?
}
