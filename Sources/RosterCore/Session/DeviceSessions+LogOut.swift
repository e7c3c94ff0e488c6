import Foundation
import RosterWire

extension DeviceSessions {
    /// Logs out: local state first (tokens and custom data gone; anonymous users removed), then
    /// DELETE `/auth/session` best-effort (BEHAVIOURS 15-20).
    func logOut(_ user: User) async -> LogOutReport {
        guard let row = user.load(), row.state == .loggedIn, let refreshToken = row.refreshToken else {
            return LogOutReport()
        }
        let remove = row.isAnonymous
        let ended: EndedSession?
        do {
            ended = try store.endSession(id: row.id, entry: row.entry, remove: remove, onlyIfRefreshToken: nil)
        } catch {
            return LogOutReport(revocationError: error as? RosterError ?? .storeFailed("\(error)"))
        }
        guard let ended else { return LogOutReport() }
        if remove {
            user.markRemoved()
            deleteUserFiles(row.id)
        }
        logger.debug("logged out", metadata: ["user": "\(row.id)"])
        publish(remove ? .removed : .loggedOut, userId: row.id, currentUserId: ended.currentUserId)
        return LogOutReport(revocationError: await revoke(refreshToken: refreshToken))
    }

    /// Removes a user from the device: its session revoked when it had one, its row and files
    /// deleted (BEHAVIOURS 21-25).
    func remove(_ user: User) async throws {
        guard let row = user.load(),
            let ended = try store.endSession(id: row.id, entry: row.entry, remove: true, onlyIfRefreshToken: nil)
        else {
            user.markRemoved()
            throw RosterError.userRemoved(user.displayName)
        }
        user.markRemoved()
        deleteUserFiles(row.id)
        logger.debug("removed", metadata: ["user": "\(row.id)"])
        publish(.removed, userId: row.id, currentUserId: ended.currentUserId)
        if ended.before.state == .loggedIn, let refreshToken = ended.before.refreshToken,
            let problem = await revoke(refreshToken: refreshToken)
        {
            logger.notice("removed, but the session was not revoked", metadata: ["user": "\(row.id)", "why": "\(problem)"])
        }
    }

    /// Deletes the user on the server, then removes it from the device (BEHAVIOURS 38).
    func delete(_ user: User) async throws {
        let response = try await authorized(user) { token in .json(.delete, Route.delete, bearer: token) }
        guard response.isSuccess else { throw ServerConnection.error(from: response) }
        let ended = try store.endSession(id: user.id, entry: user.entry, remove: true, onlyIfRefreshToken: nil)
        user.markRemoved()
        deleteUserFiles(user.id)
        logger.debug("deleted on the server", metadata: ["user": "\(user.id)"])
        publish(.removed, userId: user.id, currentUserId: ended?.currentUserId)
    }

    /// DELETE `/auth/session`; the error when the server could not be told. A session the
    /// server already considers dead counts as revoked.
    func revoke(refreshToken: String) async -> RosterError? {
        do {
            _ = try await connection.expectSuccess(.json(.delete, Route.session, bearer: refreshToken))
            return nil
        } catch let error as RosterError {
            return error.serverCode == .invalidSession ? nil : error
        } catch {
            return .network(String(describing: error))
        }
    }
}
