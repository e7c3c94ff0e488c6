import Foundation
import RosterWire

/// The users of one app on this device: log in, list, switch, observe. Opening an `App` opens
/// (or creates) the device store in `configuration.directory`.
///
///     let app = try App(configuration: AppConfiguration(appId: "roster-demo", transport: transport, directory: dir))
///     let joe = try await app.login(credentials: .emailPassword(email: "joe@example.com", password: "passw0rd"))
///     app.currentUser?.id == joe.id // true
public final class App: SessionCoreAccess, Sendable {
    public let appId: String
    /// The collaborators that do the work, called by name (`keys`, `tokens`, `logOutFlow`, …).
    let core: SessionCore
    /// The users' handles, the current user and switching.
    let sessions: DeviceSessions

    /// Opens the device store; `RosterError.storeUnreadable(path:reason:)` when it cannot be
    /// read (the file is left as it is).
    public convenience init(configuration: AppConfiguration) throws {
        try self.init(configuration: configuration, store: try SQLiteDeviceStore(directory: configuration.directory))
    }

    /// Over a store of the caller's: a test's, to make the store fail in one way.
    init(configuration: AppConfiguration, store: any DeviceStore) throws {
        appId = configuration.appId
        core = try SessionCore(configuration: configuration, store: store)
        sessions = DeviceSessions(core: core)
    }

    /// Logs a user in and makes it current; needs the server (BEHAVIOURS 5-11). Under the `pin`
    /// policy (and `password`, for providers other than email/password) `pin` is the PIN the
    /// new user chooses, at least 4 digits; their session is sealed with it (BEHAVIOURS 44).
    public func login(credentials: Credentials, pin: String? = nil) async throws -> User {
        sessions.handle(for: try await loginFlow.login(credentials, secret: pin))
    }

    /// The active user, or `nil` when nobody is logged in.
    public var currentUser: User? { sessions.currentUser }

    /// Who was active before the current user (the last one switched away from), still on the
    /// device, in whatever state: `roster switch -` goes back to them.
    public var previousUser: User? {
        (try? store.previousUserId()).flatMap { $0 }.flatMap(user(id:))
    }

    /// Everyone on the device (none removed), most recently active first.
    public var allUsers: [User] { sessions.allUsers }

    /// The user with this id, when it is on the device.
    public func user(id: String) -> User? {
        sessions.user(id: id)
    }

    /// Logs every logged-in user on the device out (anonymous users are removed), so that nobody
    /// is active afterwards (BEHAVIOURS 49); each user's report, by user, for those the server
    /// could not be told about. Under `pin` or `password`, only once this process was given the
    /// PIN of each (BEHAVIOURS 53), or given the admin PIN's `admin` grant (BEHAVIOURS 54).
    @discardableResult
    public func logOutAll(admin: AdminGrant? = nil) async throws -> [(user: User, report: LogOutReport)] {
        try await logOutFlow.logOutEveryone(allUsers.filter { $0.state == .loggedIn }, admin: admin)
    }

    /// Makes a logged-in user current, without the network (BEHAVIOURS 12-14). Under a policy
    /// other than `open`, only a user this process was given the PIN of:
    /// `RosterError.locked` otherwise (BEHAVIOURS 43).
    public func switchUser(to user: User) throws {
        try sessions.switchUser(to: user)
    }

    /// Checks the user's PIN (or password) when one is given and the session is sealed with it,
    /// counting wrong ones (BEHAVIOURS 43, 45), then asks the server whether the session still
    /// lives when it can (BEHAVIOURS 51), then switches. Every other user's key is dropped: only
    /// the active user stays open in memory. The report tells of wrong PINs the server was sent
    /// since the user's last unlock.
    @discardableResult
    public func switchUser(to user: User, secret: String?) async throws -> UnlockReport {
        try await sessions.switchUser(to: user, secret: secret)
    }

    /// Leaves nobody active and drops every key this process holds: the kiosk setting of the
    /// idle lock (BEHAVIOURS 47). Everyone stays logged in, sealed.
    public func deactivate() throws {
        let previous = currentUser
        try store.clearCurrentUser()
        afterDeactivating(previous)
    }

    /// Drops every key, and says that `previous` is no longer active.
    func afterDeactivating(_ previous: User?) {
        keys.keepOnlyUnlocked(entry: nil)
        environment.history.record(.locked, userId: previous?.id, name: previous?.displayName)
        environment.changes.publish(.switched, userId: previous?.id ?? "", currentUserId: nil)
    }

    /// The device's switching policy and idle lock, as every process here obeys them.
    public func policy() throws -> DevicePolicy {
        try store.policy()
    }

    /// Changes the policy; see `PolicyFlow.setPolicy`. `pins` by user id: the new PINs of
    /// users to keep logged in when tightening, or the PINs of those a loosening would expose.
    /// The names of the users it logged out. A kiosk's policy changes only with `admin`, the
    /// admin PIN's grant (BEHAVIOURS 54).
    @discardableResult
    public func setPolicy(_ policy: DevicePolicy, pins: [String: String] = [:], admin: AdminGrant? = nil) async throws -> [String] {
        try await policyFlow.setPolicy(policy, pins: pins, admin: admin, handle: sessions.handle(for:))
    }

    /// Whether the device has an admin PIN (BEHAVIOURS 54).
    public func hasAdminPIN() throws -> Bool {
        try adminPINs.isSet()
    }

    /// Sets the device's admin PIN (at least 4 digits); changing one already set takes the
    /// grant of the current one (`checkAdminPIN`).
    public func setAdminPIN(_ pin: String, admin: AdminGrant? = nil) async throws {
        try await adminPINs.set(pin, grant: admin)
    }

    /// Checks the admin PIN given for `what` ("leaving the kiosk", kept in history), each try
    /// counted like a user's PIN: `RosterError.wrongAdminPIN` or `.secretDelayed` when it is
    /// refused, `.adminPINNeeded` when none is set.
    public func checkAdminPIN(_ pin: String, for what: String) async throws -> AdminGrant {
        try await adminPINs.check(pin, for: what)
    }

    /// The device's history, newest first: switches, log-ins, log-outs, wrong PINs, locks.
    public func history(limit: Int = 100) throws -> [HistoryEntry] {
        try store.history(limit: max(0, limit))
    }

    /// Writes a line of history the session core cannot see happen (the switcher's idle lock).
    public func recordHistory(_ event: HistoryEntry.Event, user: User?) {
        environment.history.record(event, userId: user?.id, name: user?.displayName)
    }

    /// Sends the revocations of log-outs made while the server was unreachable (BEHAVIOURS 48);
    /// log-ins and refreshes send them too. How many were sent.
    @discardableResult
    public func sendPendingRevocations() async -> Int {
        await revocations.sendPending()
    }

    /// The log-in providers the server enables for this app, for a form to offer. Providers
    /// Roster does not know are left out.
    public func enabledProviders() async throws -> [ProviderType] {
        let response = try await connection.expectSuccess(.json(.get, Route.providers(appId: appId)))
        let listed = try ServerConnection.decode([EnabledProvider].self, from: response, what: "provider list")
        return listed.compactMap { ProviderType(rawValue: $0.name) }
    }

    /// Where the server keeps custom user data: asked once, then remembered.
    public func customUserDataLocation() async throws -> CustomUserDataLocation {
        try await customUserData.location()
    }

    public var emailPasswordAuth: EmailPasswordClient {
        EmailPasswordClient(connection: connection, appId: appId)
    }

    /// Every change from now on, after it is written; each call is a new stream. With an
    /// interval, writes by other processes sharing the device directory are noticed too (polled
    /// that often) and yielded as `.storeChanged`.
    ///
    ///     for await change in app.changes(watchingOtherProcessesEvery: 0.5) { redraw() }
    public func changes(watchingOtherProcessesEvery interval: TimeInterval? = nil) -> AsyncStream<AppChange> {
        let source = broadcaster.stream()
        guard let interval else { return source }
        let watcher = StoreWatcher(store: store, clock: clock, interval: interval)
        return AsyncStream { continuation in
            let forward = Task {
                for await change in source { continuation.yield(change) }
                continuation.finish()
            }
            let watch = Task { await watcher.run { continuation.yield($0) } }
            continuation.onTermination = { _ in
                forward.cancel()
                watch.cancel()
            }
        }
    }
}

extension App {
    /// Starts a log-in approved on another device (a phone): show the person the returned URL and
    /// user code, then poll at its interval. `terminal` names this terminal on the approval page.
    /// Under the `pin` and `password` policies the PIN is best asked once the phone approved
    /// (`DeviceLoginState.pinNeeded`); a `pin` given here is checked against the rule now.
    ///
    ///     let login = try await app.startDeviceLogin(terminal: "lab-3")
    public func startDeviceLogin(terminal: String? = nil, pin: String? = nil) async throws -> DeviceLogin {
        try await deviceLoginFlow.start(terminal: terminal, secret: pin)
    }

    /// Asks once how a device log-in (or link) stands; approved, the user is logged in and made
    /// current exactly as by `login(credentials:pin:)` (or, for a link, linked).
    public func pollDeviceLogin(_ login: DeviceLogin, pin: String? = nil) async throws -> DeviceLoginState {
        try await deviceLoginFlow.poll(login, secret: pin, handle: sessions.handle(for:))
    }

    /// Keeps a log-in the phone approved without a PIN, the user made current: a returning user
    /// gives the PIN they have here (a wrong one is counted as an unlock's, and the approval can
    /// be tried again), a new user the PIN they choose (BEHAVIOURS 44, 45).
    public func finishDeviceLogin(_ approval: DeviceApproval, pin: String) async throws -> User {
        let sessions = sessions
        return sessions.handle(for: try await deviceLoginFlow.finish(approval, secret: pin, handle: sessions.handle(for:)))
    }

    /// Ends a log-in the phone approved that nobody gave the PIN for: its session is revoked.
    public func cancelDeviceLogin(_ approval: DeviceApproval) async {
        await deviceLoginFlow.cancel(approval)
    }
}
