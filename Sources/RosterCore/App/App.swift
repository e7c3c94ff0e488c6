import Foundation
import RosterWire

/// The users of one app on this device: log in, list, switch, observe. Opening an `App` opens
/// (or creates) the device store in `configuration.directory`.
///
///     let app = try App(configuration: AppConfiguration(appId: "roster-demo", transport: transport, directory: dir))
///     let joe = try await app.login(credentials: .emailPassword(email: "joe@example.com", password: "passw0rd"))
///     app.currentUser?.id == joe.id // true
public final class App: Sendable {
    public let appId: String
    let sessions: DeviceSessions

    /// Opens the device store; `RosterError.storeUnreadable(path:reason:)` when it cannot be
    /// read (the file is left as it is).
    public init(configuration: AppConfiguration) throws {
        appId = configuration.appId
        let store = try SQLiteDeviceStore(directory: configuration.directory)
        sessions = DeviceSessions(configuration: configuration, store: store)
    }

    /// Logs a user in and makes it current; needs the server (BEHAVIOURS 5-11).
    public func login(credentials: Credentials) async throws -> User {
        try await sessions.login(credentials)
    }

    /// The active user, or `nil` when nobody is logged in.
    public var currentUser: User? { sessions.currentUser }

    /// Everyone on the device (none removed), most recently active first.
    public var allUsers: [User] { sessions.allUsers }

    /// The user with this id, when it is on the device.
    public func user(id: String) -> User? {
        (try? sessions.store.user(id: id)).flatMap { $0.map(sessions.handle(for:)) }
    }

    /// Logs every logged-in user on the device out (anonymous users are removed), so that nobody
    /// is active afterwards (BEHAVIOURS 49); each user's report, by user, for those the server
    /// could not be told about.
    @discardableResult
    public func logOutAll() async -> [(user: User, report: LogOutReport)] {
        var reports: [(user: User, report: LogOutReport)] = []
        for user in allUsers where user.state == .loggedIn {
            reports.append((user, await sessions.logOut(user)))
        }
        return reports
    }

    /// Makes a logged-in user current, without the network (BEHAVIOURS 12-14).
    public func switchUser(to user: User) throws {
        try sessions.switchUser(to: user)
    }

    /// The log-in providers the server enables for this app, for a form to offer. Providers
    /// Roster does not know are left out.
    public func enabledProviders() async throws -> [ProviderType] {
        let response = try await sessions.connection.expectSuccess(.json(.get, Route.providers(appId: appId)))
        let listed = try ServerConnection.decode([EnabledProvider].self, from: response, what: "provider list")
        return listed.compactMap { ProviderType(rawValue: $0.name) }
    }

    /// Where the server keeps custom user data: asked once, then remembered.
    public func customUserDataLocation() async throws -> CustomUserDataLocation {
        try await sessions.customUserDataLocation()
    }

    public var emailPasswordAuth: EmailPasswordClient {
        EmailPasswordClient(connection: sessions.connection, appId: appId)
    }

    /// Every change from now on, after it is written; each call is a new stream. With an
    /// interval, writes by other processes sharing the device directory are noticed too (polled
    /// that often) and yielded as `.storeChanged`.
    ///
    ///     for await change in app.changes(watchingOtherProcessesEvery: 0.5) { redraw() }
    public func changes(watchingOtherProcessesEvery interval: TimeInterval? = nil) -> AsyncStream<AppChange> {
        let source = sessions.broadcaster.stream()
        guard let interval else { return source }
        let watcher = StoreWatcher(sessions: sessions, interval: interval)
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
