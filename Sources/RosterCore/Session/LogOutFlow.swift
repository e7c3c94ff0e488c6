import Foundation
import Logging
import RosterWire

/// Takes users off the device: log-out (BEHAVIOURS 15-20), removal (21-25) and deletion on the
/// server (38). The device is changed first; the server is told after, best-effort, through
/// `Revocations`, which queues what cannot be sent yet (BEHAVIOURS 48).
///
///     let report = try await logOutFlow.logOut(user)
struct LogOutFlow: SessionCollaborator {
    let environment: SessionEnvironment
    let keys: SessionKeys
    let tokens: TokenRefresher
    let revocations: Revocations

    /// Logs out: local state first (tokens and custom data gone; anonymous users removed), then
    /// DELETE `/auth/session` best-effort (BEHAVIOURS 15-20). Under a policy other than `open`,
    /// nobody becomes active after the active user (BEHAVIOURS 17, 43). A revocation the server
    /// could not be reached for is queued and sent later (BEHAVIOURS 48).
    func logOut(_ user: User, admin: AdminGrant? = nil) async throws -> LogOutReport {
        guard let row = user.load(), row.state == .loggedIn, row.sealed != nil else { return LogOutReport() }
        try ownKeyHeld(row, admin: admin)
        return await endSession(row, user: user)
    }

    /// Logs every logged-in user out (BEHAVIOURS 49), only when this process holds the key of
    /// each one sealed with their secret, or was given the admin PIN (BEHAVIOURS 53, 54):
    /// otherwise nobody is logged out.
    func logOutEveryone(_ users: [User], admin: AdminGrant? = nil) async throws -> [(user: User, report: LogOutReport)] {
        let missing = users.compactMap { $0.load() }.filter { (try? ownKeyHeld($0, admin: admin)) == nil }
        guard missing.isEmpty else {
            let names = missing.map(\.displayName).joined(separator: ", ")
            throw RosterError.invalidRequest(
                "logging everyone out needs the PIN (or password) of \(names), or the admin PIN; nobody was logged out")
        }
        var reports: [(user: User, report: LogOutReport)] = []
        for user in users {
            guard let row = user.load(), row.state == .loggedIn, row.sealed != nil else { continue }
            reports.append((user, await endSession(row, user: user)))
        }
        return reports
    }

    /// Nobody acts for somebody else (BEHAVIOURS 53): under `pin` or `password`, a logged-in
    /// user sealed with their secret is logged out or removed only by a process given that
    /// secret (the active user unlocked here, or a PIN just given for them), or the admin PIN
    /// (BEHAVIOURS 54).
    private func ownKeyHeld(_ row: StoredUser, admin: AdminGrant?) throws {
        guard admin == nil, row.state == .loggedIn, let sealed = row.sealed, sealed.kind.needsSecret, !keys.isUnlocked(row) else { return }
        throw RosterError.locked(user: row.displayName, secret: sealed.secretKind)
    }

    private func endSession(_ row: StoredUser, user: User) async -> LogOutReport {
        let remove = row.isAnonymous
        let opening = Result { try keys.opened(row) }
        let ended: EndedSession?
        do {
            ended = try store.endSession(id: row.id, entry: row.entry, remove: remove, onlyIfBox: nil, chooseNext: try choosesNextUser())
        } catch {
            return LogOutReport(revocationError: error as? RosterError ?? .storeFailed("\(error)"))
        }
        guard let ended else { return LogOutReport() }
        keys.lock(user)
        if remove {
            user.markRemoved()
            files.delete(for: row.id)
        }
        logger.debug("logged out", metadata: ["user": "\(row.id)"])
        history.record(remove ? .removed : .loggedOut, userId: row.id, name: row.displayName)
        announceFollower(ended)
        changes.publish(remove ? .removed : .loggedOut, userId: row.id, currentUserId: ended.currentUserId)
        return LogOutReport(revocationError: await revocations.revokeOrQueue(opening, row: row))
    }

    /// Removes a user from the device: its session revoked when it had one, its row and files
    /// deleted (BEHAVIOURS 21-25).
    func remove(_ user: User, admin: AdminGrant? = nil) async throws {
        if let row = user.load() { try ownKeyHeld(row, admin: admin) }
        let opening = user.load().map { row in Result { try keys.opened(row) } }
        guard let row = user.load(),
            let ended = try store.endSession(id: row.id, entry: row.entry, remove: true, onlyIfBox: nil, chooseNext: try choosesNextUser())
        else {
            user.markRemoved()
            throw RosterError.userRemoved(user.displayName)
        }
        keys.lock(user)
        user.markRemoved()
        files.delete(for: row.id)
        logger.debug("removed", metadata: ["user": "\(row.id)"])
        history.record(.removed, userId: row.id, name: row.displayName)
        announceFollower(ended)
        changes.publish(.removed, userId: row.id, currentUserId: ended.currentUserId)
        if ended.before.state == .loggedIn, let opening, let problem = await revocations.revokeOrQueue(opening, row: row) {
            logger.notice("removed, but the session was not revoked", metadata: ["user": "\(row.id)", "why": "\(problem)"])
        }
    }

    /// Deletes the user on the server, then removes it from the device (BEHAVIOURS 38).
    func delete(_ user: User) async throws {
        let response = try await tokens.authorized(user) { token in .json(.delete, Route.delete, bearer: token) }
        guard response.isSuccess else { throw ServerConnection.error(from: response) }
        let ended = try store.endSession(id: user.id, entry: user.entry, remove: true, onlyIfBox: nil, chooseNext: try choosesNextUser())
        keys.lock(user)
        user.markRemoved()
        files.delete(for: user.id)
        logger.debug("deleted on the server", metadata: ["user": "\(user.id)"])
        history.record(.deleted, userId: user.id, name: user.displayName)
        announceFollower(ended)
        changes.publish(.removed, userId: user.id, currentUserId: ended?.currentUserId)
    }

    /// Under `open` the most recently active logged-in user follows the active one out; under
    /// any other policy that would be a switch without their PIN, so nobody does.
    func choosesNextUser() throws -> Bool {
        !(try store.policy().needsSecret)
    }
}
