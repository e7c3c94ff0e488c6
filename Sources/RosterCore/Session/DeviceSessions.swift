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
    let refreshRetries: Int
    let refreshRetryDelay: TimeInterval
    let refresher = RefreshCoordinator()
    let broadcaster = ChangeBroadcaster()
    let logger: Logger
    private let handles = Mutex<[String: WeakUser]>([:])
    /// Where the server keeps custom user data, once asked.
    let customDataLocation = Mutex<CustomUserDataLocation?>(nil)

    init(configuration: AppConfiguration, store: any DeviceStore) {
        appId = configuration.appId
        self.store = store
        connection = ServerConnection(appId: configuration.appId, transport: configuration.transport)
        clock = configuration.clock
        directory = configuration.directory
        refreshMargin = configuration.refreshMargin
        refreshRetries = max(0, configuration.refreshRetries)
        refreshRetryDelay = configuration.refreshRetryDelay
        logger = configuration.logger
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

    /// Makes a logged-in user current, without the network (BEHAVIOURS 12, 13).
    func switchUser(to user: User) throws {
        guard user.sessions === self else {
            guard let row = try store.user(id: user.id) else { throw RosterError.userNotFound(user.id) }
            return try switchUser(to: handle(for: row))
        }
        switch try store.makeCurrent(id: user.id, entry: user.entry, at: clock.now()) {
        case .switched:
            publish(.switched, userId: user.id, currentUserId: user.id)
        case .notLoggedIn(let row):
            throw RosterError.userLoggedOut(row.displayName)
        case .gone:
            user.markRemoved()
            throw RosterError.userRemoved(user.displayName)
        }
    }

    /// The stored row of a user that must be logged in.
    func loggedInRow(_ user: User) throws -> StoredUser {
        guard let row = user.load() else { throw RosterError.userRemoved(user.displayName) }
        guard row.state == .loggedIn, row.refreshToken != nil, row.accessToken != nil else {
            throw RosterError.userLoggedOut(row.displayName)
        }
        return row
    }
}

/// A handle the registry does not keep alive; only read and written under the registry's lock.
struct WeakUser: @unchecked Sendable {
    weak var user: User?
}
