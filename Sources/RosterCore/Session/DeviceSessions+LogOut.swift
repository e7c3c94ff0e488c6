import Foundation
import RosterWire

extension DeviceSessions {
    /// Logs out: local state first (tokens and custom data gone; anonymous users removed), then
    /// DELETE `/auth/session` best-effort (BEHAVIOURS 15-20). Under a policy other than `open`,
    /// nobody becomes active after the active user (BEHAVIOURS 17, 43). A revocation the server
    /// could not be reached for is queued and sent later (BEHAVIOURS 48).
    func logOut(_ user: User) async -> LogOutReport {
        guard let row = user.load(), row.state == .loggedIn, row.sealed != nil else { return LogOutReport() }
        let remove = row.isAnonymous
        let opening = Result { try opened(row) }
        let ended: EndedSession?
        do {
            ended = try store.endSession(id: row.id, entry: row.entry, remove: remove, onlyIfBox: nil, chooseNext: try choosesNextUser())
        } catch {
            return LogOutReport(revocationError: error as? RosterError ?? .storeFailed("\(error)"))
        }
        guard let ended else { return LogOutReport() }
        lock(user)
        if remove {
            user.markRemoved()
            deleteUserFiles(row.id)
        }
        logger.debug("logged out", metadata: ["user": "\(row.id)"])
        record(remove ? .removed : .loggedOut, userId: row.id, name: row.displayName)
        publish(remove ? .removed : .loggedOut, userId: row.id, currentUserId: ended.currentUserId)
        return LogOutReport(revocationError: await revokeOrQueue(opening, row: row))
    }

    /// Removes a user from the device: its session revoked when it had one, its row and files
    /// deleted (BEHAVIOURS 21-25).
    func remove(_ user: User) async throws {
        let opening = user.load().map { row in Result { try opened(row) } }
        guard let row = user.load(),
            let ended = try store.endSession(id: row.id, entry: row.entry, remove: true, onlyIfBox: nil, chooseNext: try choosesNextUser())
        else {
            user.markRemoved()
            throw RosterError.userRemoved(user.displayName)
        }
        lock(user)
        user.markRemoved()
        deleteUserFiles(row.id)
        logger.debug("removed", metadata: ["user": "\(row.id)"])
        record(.removed, userId: row.id, name: row.displayName)
        publish(.removed, userId: row.id, currentUserId: ended.currentUserId)
        if ended.before.state == .loggedIn, let opening, let problem = await revokeOrQueue(opening, row: row) {
            logger.notice("removed, but the session was not revoked", metadata: ["user": "\(row.id)", "why": "\(problem)"])
        }
    }

    /// Deletes the user on the server, then removes it from the device (BEHAVIOURS 38).
    func delete(_ user: User) async throws {
        let response = try await authorized(user) { token in .json(.delete, Route.delete, bearer: token) }
        guard response.isSuccess else { throw ServerConnection.error(from: response) }
        let ended = try store.endSession(id: user.id, entry: user.entry, remove: true, onlyIfBox: nil, chooseNext: try choosesNextUser())
        lock(user)
        user.markRemoved()
        deleteUserFiles(user.id)
        logger.debug("deleted on the server", metadata: ["user": "\(user.id)"])
        record(.removed, userId: user.id, name: user.displayName)
        publish(.removed, userId: user.id, currentUserId: ended?.currentUserId)
    }

    /// Under `open` the most recently active logged-in user follows the active one out; under
    /// any other policy that would be a switch without their PIN, so nobody does.
    func choosesNextUser() throws -> Bool {
        !(try store.policy().needsSecret)
    }

    /// Revokes the session of a row read before its log-out: with its refresh token when this
    /// process could open the row, else with the revocation token kept beside it under the device
    /// key (a session sealed with a PIN nobody gave). A row with neither is reported. When the
    /// server cannot be reached, the revocation is queued, sealed with the device key.
    func revokeOrQueue(_ opening: Result<StoredUser, any Error>, row: StoredUser) async -> RosterError? {
        let refreshToken: String
        switch opening {
        case .success(let open):
            guard let token = open.refreshToken else { return nil }
            refreshToken = token
        case .failure(let error):
            guard let box = row.revocationBox, let token = try? sealer.openRevocation(box, userId: row.id, entry: row.entry) else {
                return error as? RosterError ?? .storeFailed("\(error)")
            }
            refreshToken = token
        }
        guard let problem = await revoke(refreshToken: refreshToken) else {
            await sendPendingRevocations()
            return nil
        }
        if Self.isWorthRetrying(problem) {
            do {
                // What waits on disk can end the session and do nothing else: the revocation
                // token, where the row has one, never a refresh token that could be used.
                let revocation = row.revocationBox.flatMap { try? sealer.openRevocation($0, userId: row.id, entry: row.entry) }
                let entry = "revocation-\(UUID().uuidString)"
                let secrets = SessionSecrets(refreshToken: revocation ?? refreshToken, accessToken: "")
                let sealed = try sealer.seal(secrets, key: sealer.deviceRowKey(userId: row.id), kind: .device, userId: row.id, entry: entry)
                try store.queueRevocation(userId: row.id, entry: entry, sealed: sealed, at: clock.now())
            } catch {
                logger.warning("cannot queue a revocation", metadata: ["user": "\(row.id)"])
            }
        }
        return problem
    }

    /// A failure that may pass: no answer, or the server's own trouble.
    static func isWorthRetrying(_ error: RosterError) -> Bool {
        switch error {
        case .network: true
        case .server(_, _, let status): status >= 500 || status == 429
        default: false
        }
    }

    /// Sends the revocations queued while the server could not be reached; stops at the first
    /// that still cannot be sent. How many were sent.
    @discardableResult
    func sendPendingRevocations() async -> Int {
        guard let pending = try? store.pendingRevocations(), !pending.isEmpty else { return 0 }
        var sent = 0
        for queued in pending {
            guard let secrets = try? sealer.open(queued.sealed, key: sealer.deviceRowKey(userId: queued.userId), userId: queued.userId, entry: queued.entry)
            else {
                logger.warning("a queued revocation does not open; it is kept", metadata: ["user": "\(queued.userId)"])
                continue
            }
            if let problem = await revoke(refreshToken: secrets.refreshToken), Self.isWorthRetrying(problem) { break }
            try? store.deleteRevocation(id: queued.id)
            record(.revoked, userId: queued.userId)
            sent += 1
        }
        return sent
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
