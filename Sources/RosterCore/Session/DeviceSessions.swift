import Foundation
import Synchronization

/// The users of one app on one device as handles: one `User` per stay of a user on the
/// device, the current user, and switching between them. The work itself is done by the
/// session core's collaborators (`SessionCore`), which `App` and `User` call directly.
///
///     let joe = sessions.handle(for: row)
///     try sessions.switchUser(to: joe)
final class DeviceSessions: SessionCoreAccess, Sendable {
    let core: SessionCore
    private let handles = Mutex<[String: WeakUser]>([:])

    init(core: SessionCore) {
        self.core = core
    }

    /// The one handle for this stay of the user on the device.
    func handle(for row: StoredUser) -> User {
        handles.withLock { handles in
            if let existing = handles[row.entry]?.user { return existing }
            let user = User(row: row, core: core)
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

    /// The user with this id, when it is on the device.
    func user(id: String) -> User? {
        (try? store.user(id: id)).flatMap { $0.map(handle(for:)) }
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
            environment.history.record(.switched, userId: user.id, name: user.displayName)
            environment.changes.publish(.switched, userId: user.id, currentUserId: user.id)
        case .notLoggedIn(let row):
            throw RosterError.userLoggedOut(row.displayName)
        case .gone:
            user.markRemoved()
            throw RosterError.userRemoved(user.displayName)
        }
    }

    /// This app's handle for a user, which may come from another `App` over the same device.
    private func own(_ user: User) throws -> User {
        if user.core === core { return user }
        guard let row = try store.user(id: user.id) else { throw RosterError.userNotFound(user.id) }
        return handle(for: row)
    }
}

/// A handle the registry does not keep alive; only read and written under the registry's lock.
struct WeakUser: @unchecked Sendable {
    weak var user: User?
}
