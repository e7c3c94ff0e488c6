import Foundation
import Logging
import RosterWire

/// Keeps users' access tokens fresh: judges expiry in device time, refreshes through one shared
/// POST `/auth/session` per user with retries (`RefreshRetryRule`), ends a session the server
/// says is dead, and sends requests authorized by an access token (BEHAVIOURS 26-30).
///
///     let response = try await tokens.authorized(user) { token in .json(.get, Route.profile, bearer: token) }
struct TokenRefresher: SessionCollaborator {
    let environment: SessionEnvironment
    let keys: SessionKeys
    /// How long before expiry a token counts as stale.
    let margin: TimeInterval
    let retry: RefreshRetryRule
    /// How long `checkSession` waits for the server's answer.
    let checkWait: TimeInterval
    let revocations: Revocations
    /// One refresh at a time per user, shared by every copy of this refresher.
    let coordinator = RefreshCoordinator()
    /// Refreshed sessions the store could not take yet (a full disk).
    let unstored = UnstoredSessions()

    /// The margin, the retries and the session check's wait as the app's configuration sets them.
    init(environment: SessionEnvironment, keys: SessionKeys, revocations: Revocations, configuration: AppConfiguration) {
        self.environment = environment
        self.keys = keys
        self.revocations = revocations
        margin = configuration.refreshMargin
        retry = RefreshRetryRule(
            retries: max(0, configuration.refreshRetries), firstDelay: configuration.refreshRetryDelay,
            budget: configuration.refreshRetryBudget)
        checkWait = configuration.sessionCheckWait
    }

    /// Whether the access token must be refreshed before use: it expires (in device time,
    /// received-at plus lifetime) within the refresh margin, or cannot be read (BEHAVIOURS 30).
    func needsRefresh(_ row: StoredUser) -> Bool {
        guard let expiresAt = row.accessTokenExpiresAt else { return true }
        return expiresAt.timeIntervalSince(clock.now()) <= margin
    }

    /// The user's row, opened, as this process knows it: the stored one, or the refreshed session
    /// it holds over it while the store could not take it (`UnstoredSessions`), stored first when
    /// the store takes it now. A session stored meanwhile by another process wins.
    func current(_ user: User) throws -> StoredUser {
        let row = try keys.loggedInRow(user)
        guard let held = unstored.held(entry: row.entry) else { return row }
        guard row.sealed?.box == held.replacing else {
            unstored.forget(entry: row.entry, sealedBox: held.sealed.box)
            return row
        }
        do {
            let written = try store.storeSession(
                id: row.id, entry: row.entry, replacing: held.replacing, sealed: held.sealed, receivedAt: held.receivedAt,
                lifetime: held.lifetime)
            unstored.forget(entry: row.entry, sealedBox: held.sealed.box)
            guard var stored = written else { return try keys.loggedInRow(user) }
            logger.notice("refreshed session stored", metadata: ["user": "\(row.id)"])
            stored.secrets = held.secrets
            changes.publish(.refreshed, userId: row.id)
            return stored
        } catch RosterError.storeFailed {
            return held.over(row)
        }
    }

    /// A new access token for the user, through one POST `/auth/session` shared by every caller
    /// that asks while it is in flight (BEHAVIOURS 29). With `replacing`, a caller that found
    /// that token stale gets the token another caller stored meanwhile, without a second POST.
    func refresh(_ user: User, replacing stale: String? = nil) async throws -> StoredUser {
        try await coordinator.refresh(userId: user.id) { [self] in
            try await self.performRefresh(user, replacing: stale)
        }
    }

    private func performRefresh(_ user: User, replacing stale: String?) async throws -> StoredUser {
        let row = try current(user)
        if let stale, row.accessToken != stale, !needsRefresh(row) { return row }
        guard let refreshToken = row.refreshToken else { throw RosterError.userLoggedOut(row.displayName) }
        var attempt = 0
        // When the first try whose answer never came was sent (`RefreshRetryRule`).
        var lostSince: Date?
        while true {
            let sentAt = clock.now()
            let timeout = retry.timeout(elapsed: lostSince.map { sentAt.timeIntervalSince($0) } ?? 0)
            let failure: RosterError
            var serverDelay: TimeInterval?
            switch try await attemptRefresh(user, row: row, refreshToken: refreshToken, timeout: timeout) {
            case .stored(let stored):
                await revocations.sendPending()
                return stored
            case .retry(let error, let after):
                (failure, serverDelay) = (error, after)
                // Only a 429 surely came before the token was used.
                if lostSince == nil, !Self.isTooManyRequests(error) { lostSince = sentAt }
            }
            // Network trouble and server errors never log anyone out: wait and try again (28).
            let elapsed = lostSince.map { clock.now().timeIntervalSince($0) }
            guard let wait = retry.wait(afterAttempt: attempt, elapsed: elapsed, serverDelay: serverDelay) else {
                throw failure
            }
            logger.notice("refresh failed; retrying", metadata: ["user": "\(row.id)", "attempt": "\(attempt + 1)"])
            try await clock.sleep(for: wait)
            attempt += 1
        }
    }

    /// What one POST `/auth/session` came to, short of a final error.
    private enum RefreshAttempt {
        case stored(StoredUser)
        /// Worth trying again, after at least the server's `Retry-After`, when it sent one.
        case retry(RosterError, after: TimeInterval?)
    }

    /// One POST `/auth/session`: the stored row, a failure worth retrying, or a thrown error
    /// that is final.
    private func attemptRefresh(_ user: User, row: StoredUser, refreshToken: String, timeout: TimeInterval) async throws
        -> RefreshAttempt
    {
        let response: WireResponse
        var request = WireRequest.json(.post, Route.session, bearer: refreshToken)
        request.timeout = timeout
        do {
            response = try await connection.send(request)
        } catch RosterError.network(let why) {
            return .retry(.network(why), after: nil)
        }
        if response.isSuccess { return .stored(try storeRefreshed(response, row: row, usedRefreshToken: refreshToken)) }
        let refused = ServerConnection.error(from: response)
        if Self.isDeadSession(response, refused) {
            try endDeadSession(user, row: row, usedRefreshToken: refreshToken, failure: refused)
        }
        guard response.status >= 500 || response.status == 429 else { throw refused }
        return .retry(refused, after: response.headers["retry-after"].flatMap(TimeInterval.init))
    }

    private static func isTooManyRequests(_ error: RosterError) -> Bool {
        if case .server(_, _, 429) = error { true } else { false }
    }

    private static func isDeadSession(_ response: WireResponse, _ failure: RosterError) -> Bool {
        guard response.status == 401 else { return false }
        switch failure.serverCode {
        case .invalidSession, .userDisabled: return true
        default: return false
        }
    }

    private func storeRefreshed(_ response: WireResponse, row: StoredUser, usedRefreshToken: String) throws -> StoredUser {
        let session = try ServerConnection.decode(SessionResponse.self, from: response, what: "session")
        try IssuedTokens.check(access: session.accessToken, refresh: session.refreshToken, userId: row.id)
        let secrets = SessionSecrets(refreshToken: session.refreshToken ?? usedRefreshToken, accessToken: session.accessToken)
        guard let box = row.sealed?.box else { throw RosterError.userLoggedOut(row.displayName) }
        // A row this process holds over the store's replaces what the store still has.
        let earlier = unstored.held(entry: row.entry).flatMap { $0.sealed.box == box ? $0 : nil }
        let refreshed = UnstoredSessions.Held(
            replacing: earlier?.replacing ?? box, sealed: try keys.reseal(row, with: secrets), secrets: secrets, receivedAt: clock.now(),
            lifetime: IssuedTokens.lifetime(of: session.accessToken))
        let written: StoredUser?
        do {
            written = try store.storeSession(
                id: row.id, entry: row.entry, replacing: refreshed.replacing, sealed: refreshed.sealed, receivedAt: refreshed.receivedAt,
                lifetime: refreshed.lifetime)
        } catch RosterError.storeFailed(let why) {
            // The server may have replaced the token it was sent, which then answers only for its
            // grace window: this process holds the new one, presents it, and stores it when the
            // store takes a write again.
            unstored.hold(refreshed, entry: row.entry)
            logger.warning("cannot store the refreshed session; holding it until the store takes it", metadata: ["user": "\(row.id)", "why": "\(why)"])
            return refreshed.over(row)
        }
        if let earlier { unstored.forget(entry: row.entry, sealedBox: earlier.sealed.box) }
        if var stored = written {
            stored.secrets = secrets
            changes.publish(.refreshed, userId: row.id)
            return stored
        }
        // Another process logged the user out, or in again, meanwhile: its write wins.
        guard let now = try store.user(id: row.id), now.entry == row.entry else {
            throw RosterError.userRemoved(row.displayName)
        }
        guard now.state == .loggedIn else { throw RosterError.userLoggedOut(now.displayName) }
        return try keys.opened(now)
    }

    /// The server says the session is dead: log the user out here (anonymous: remove), choose
    /// the next current user, and say why and who is active now, in the error and in history
    /// (BEHAVIOURS 27). Throws always.
    private func endDeadSession(_ user: User, row: StoredUser, usedRefreshToken: String, failure: RosterError) throws -> Never {
        let remove = row.isAnonymous
        let chooseNext = !((try? store.policy())?.needsSecret ?? false)
        let reason: String
        if case .server(let code, _, _) = failure, code == ErrorCode.userDisabled.rawValue {
            reason = "the account is disabled"
        } else {
            reason = "the server ended it: expired, revoked, or the account was disabled or deleted"
        }
        let suffix = remove ? "; this anonymous user has been removed" : ""
        var nowActive = ""
        if let ended = try store.endSession(id: row.id, entry: row.entry, remove: remove, onlyIfBox: row.sealed?.box, chooseNext: chooseNext) {
            keys.lock(user)
            if remove {
                user.markRemoved()
                files.delete(for: row.id)
            }
            logger.debug("session ended by the server", metadata: ["user": "\(row.id)"])
            history.record(.sessionEnded, userId: row.id, name: row.displayName, reason: reason + suffix)
            if ended.wasCurrent {
                if let nextId = ended.currentUserId, let next = try? store.user(id: nextId) {
                    history.record(.switched, userId: next.id, name: next.displayName)
                    nowActive = "; \(next.displayName) is active now"
                } else {
                    nowActive = "; nobody is active now"
                }
            }
            changes.publish(remove ? .removed : .loggedOut, userId: row.id, currentUserId: ended.currentUserId)
        }
        throw RosterError.sessionExpired(user: row.displayName, reason: reason + suffix + nowActive)
    }

    /// Asks the server whether the user's session still lives, by refreshing its access token
    /// (BEHAVIOURS 51): a session the server ended is logged out here and throws
    /// `sessionExpired` (BEHAVIOURS 27); a user logged out or removed meanwhile throws too. An
    /// unreachable server, any other failure, or no answer within `checkWait` leaves the
    /// question to later: the refresh goes on by itself (it is never cut short, so a rotated
    /// token is always stored), and a dead session it finds is ended then, and said.
    func checkSession(_ user: User) async throws {
        let row = try current(user)
        let refreshing = Task { [self] in try await self.refresh(user, replacing: row.accessToken) }
        guard case .answered(.failure(let failure)) = await FirstAnswer.of(refreshing, within: checkWait) else { return }
        switch failure as? RosterError {
        case .sessionExpired, .userLoggedOut, .userRemoved, .locked: throw failure
        default: logger.debug("session not checked", metadata: ["user": "\(row.id)", "why": "\(failure)"])
        }
    }

    /// Sends a request authorized by the user's access token: refreshed first when about to
    /// expire; on 401 refreshed once and sent once more (BEHAVIOURS 26, 30). At most one
    /// refresh per request.
    func authorized(_ user: User, _ build: @Sendable (String) -> WireRequest) async throws -> WireResponse {
        let connection = connection
        return try await authorized(user, build, send: { try await connection.send($0) }, status: \.status)
    }

    /// `authorized` for a request whose answer arrives over time (a change stream).
    func authorizedStream(_ user: User, _ build: @Sendable (String) -> WireRequest) async throws -> WireStreamResponse {
        let connection = connection
        return try await authorized(user, build, send: { try await connection.open($0) }, status: \.status)
    }

    private func authorized<Answer>(
        _ user: User, _ build: @Sendable (String) -> WireRequest, send: (WireRequest) async throws -> Answer, status: (Answer) -> Int
    ) async throws -> Answer {
        var row = try current(user)
        var refreshed = false
        if needsRefresh(row) {
            row = try await refresh(user, replacing: row.accessToken)
            refreshed = true
        }
        let answer = try await send(build(row.accessToken ?? ""))
        guard status(answer) == 401, !refreshed else { return answer }
        row = try await refresh(user, replacing: row.accessToken)
        return try await send(build(row.accessToken ?? ""))
    }

    /// An access token valid for at least the refresh margin (when the server's tokens live
    /// that long).
    func freshAccessToken(_ user: User) async throws -> String {
        var row = try current(user)
        if needsRefresh(row) { row = try await refresh(user, replacing: row.accessToken) }
        guard let token = row.accessToken else { throw RosterError.userLoggedOut(row.displayName) }
        return token
    }
}
