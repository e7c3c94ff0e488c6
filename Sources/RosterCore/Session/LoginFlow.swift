import Foundation
import Logging
import RosterWire

/// Logs users in and links more credentials to them: the server's answer checked, the profile
/// fetched, the tokens sealed as the device's policy says and stored in one transaction
/// (BEHAVIOURS 5-11, 36, 37, 43, 44). It hands back stored rows; the handles are `DeviceSessions`'.
///
///     let row = try await loginFlow.login(.anonymous)
struct LoginFlow: SessionCollaborator {
    let environment: SessionEnvironment
    let keys: SessionKeys
    let tokens: TokenRefresher
    let revocations: Revocations

    /// Logs in: POST login, check both tokens are JWTs, GET the profile with the new access
    /// token, then seal the tokens as the device's policy says, store everything in one
    /// transaction and make the user current (BEHAVIOURS 5-10, 43, 44). Under `pin`, `secret` is
    /// the new user's PIN, checked before the server is asked.
    func login(_ credentials: Credentials, secret: String? = nil) async throws -> StoredUser {
        let policy = try store.policy().switching
        // Reusing the anonymous user already here would be a switch without its PIN.
        if case .anonymous = credentials, policy == .open, let reused = try reuseAnonymousUser() { return reused }
        if policy == .pin || (policy == .password && credentials.provider != .emailPassword) {
            guard let secret else { throw RosterError.invalidRequest(SessionKeys.pinNeeded(policy)) }
            if let problem = PINRule.problem(with: secret) { throw RosterError.invalidRequest(problem) }
        }
        let deviceId = try? store.knownDeviceId()
        let body = try WireCoding.encode(credentials.loginBody(device: .thisDevice(appId: appId, deviceId: deviceId)))
        let response = try await connection.expectSuccess(
            .json(.post, Route.login(appId: appId, provider: credentials.provider), body: body))
        let login = try ServerConnection.decode(LoginResponse.self, from: response, what: "log-in")
        return try await saveLogin(login, policy: policy, credentials: credentials, provider: credentials.provider, secret: secret)
    }

    /// Keeps a log-in answer: checks both tokens, GETs the profile with the new access token,
    /// seals the tokens as the device's policy says, stores everything in one transaction and
    /// makes the user current. `credentials` are those typed here, if any (the `password` policy
    /// seals an email user's session with its password).
    func saveLogin(
        _ login: LoginResponse, policy: SwitchingPolicy, credentials: Credentials?, provider: ProviderType, secret: String?
    ) async throws -> StoredUser {
        try IssuedTokens.check(access: login.accessToken, refresh: login.refreshToken, userId: login.userId)
        if !login.deviceId.isEmpty { try ServerIdentifier.check(login.deviceId, "device id") }
        let receivedAt = clock.now()
        let profile = try await fetchProfile(accessToken: login.accessToken)
        guard profile.userId == login.userId else {
            throw RosterError.malformedResponse("the profile is of another user than the one logged in")
        }
        let unsealed = try await keys.sealPlan(
            userId: login.userId, policy: policy, credentials: credentials, secret: secret, unlock: try store.policy().unlock)
        // Under server-assisted unlock the new session's unlock key is made before anything is
        // stored (BEHAVIOURS 55); a session that cannot have one is ended, not left behind.
        let plan: SessionKeys.SealPlan
        do {
            plan = try await keys.withServerHalf(unsealed, userId: login.userId, refreshToken: login.refreshToken)
        } catch {
            _ = await revocations.revoke(refreshToken: login.refreshToken)
            throw error
        }
        let secrets = SessionSecrets(refreshToken: login.refreshToken, accessToken: login.accessToken)
        let userId = login.userId
        let revocationToken = login.revocationToken
        let loginRecord = LoginRecord(
            id: userId, seal: { [keys] entry in try keys.seal(secrets, plan: plan, userId: userId, entry: entry) },
            sealRevocation: { [sealer = keys.sealer] entry in
                try revocationToken.map { try sealer.sealRevocation($0, userId: userId, entry: entry) }
            },
            lifetime: IssuedTokens.lifetime(of: login.accessToken) ?? 0, receivedAt: receivedAt,
            deviceId: login.deviceId.isEmpty ? nil : login.deviceId, identities: profile.identities, profile: profile.data)
        let row = try store.saveLogIn(loginRecord, newEntry: UUID().uuidString, at: receivedAt)
        if plan.kind.needsSecret { keys.hold(plan.key, entry: row.entry) }
        keys.keepOnlyUnlocked(entry: row.entry)
        files.make(for: row.id)
        logger.debug("logged in", metadata: ["user": "\(row.id)", "provider": "\(provider.rawValue)"])
        history.record(.loggedIn, userId: row.id, name: row.displayName)
        changes.publish(.loggedIn, userId: row.id, currentUserId: row.id)
        await revocations.sendPending()
        return row
    }

    /// An anonymous log-in reuses the anonymous user already logged in here (BEHAVIOURS 8).
    private func reuseAnonymousUser() throws -> StoredUser? {
        guard let existing = try store.loggedInAnonymousUser() else { return nil }
        guard case .switched(let row) = try store.makeCurrent(id: existing.id, entry: existing.entry, at: clock.now())
        else { return nil }
        history.record(.loggedIn, userId: row.id, name: row.displayName)
        changes.publish(.loggedIn, userId: row.id, currentUserId: row.id)
        return row
    }

    /// GET `/auth/profile` with an access token.
    func fetchProfile(accessToken: String) async throws -> ProfileResponse {
        let response = try await connection.expectSuccess(.json(.get, Route.profile, bearer: accessToken))
        return try ServerConnection.decode(ProfileResponse.self, from: response, what: "profile")
    }

    /// Links credentials to a logged-in user: same user id, one more identity (BEHAVIOURS 36, 37).
    func link(_ user: User, credentials: Credentials) async throws {
        if credentials.provider == .anonymous {
            throw RosterError.invalidRequest(
                "anonymous credentials cannot be linked to a user; link email/password or another provider")
        }
        let body = try WireCoding.encode(credentials.loginBody(device: .thisDevice(appId: appId, deviceId: nil)))
        let path = Route.login(appId: appId, provider: credentials.provider)
        let response = try await tokens.authorized(user) { token in
            .json(.post, path, body: body, bearer: token, query: ["link": "true"])
        }
        guard response.isSuccess else { throw ServerConnection.error(from: response) }
        let linked = try ServerConnection.decode(LinkResponse.self, from: response, what: "link")
        try await saveLink(linked, to: user)
    }

    /// Keeps a link answer: the new access token (sealed as the user's session is) and the
    /// profile with its new identity.
    func saveLink(_ linked: LinkResponse, to user: User) async throws {
        guard linked.userId == user.id else {
            throw RosterError.malformedResponse("the server linked the credentials to another user")
        }
        try IssuedTokens.check(access: linked.accessToken, refresh: nil, userId: user.id)
        let row = try keys.loggedInRow(user)
        guard let refreshToken = row.refreshToken, let box = row.sealed?.box else { throw RosterError.userLoggedOut(row.displayName) }
        let sealed = try keys.reseal(row, with: SessionSecrets(refreshToken: refreshToken, accessToken: linked.accessToken))
        guard try store.storeSession(
            id: row.id, entry: row.entry, replacing: box, sealed: sealed, receivedAt: clock.now(),
            lifetime: IssuedTokens.lifetime(of: linked.accessToken)) != nil
        else { throw RosterError.userLoggedOut(row.displayName) }
        let profile = try await fetchProfile(accessToken: linked.accessToken)
        try store.updateProfile(id: row.id, entry: row.entry, identities: profile.identities, profile: profile.data)
        changes.publish(.profileChanged, userId: row.id)
    }

    /// GET `/auth/profile` again and store it.
    func refreshProfile(_ user: User) async throws -> ProfileResponse {
        let response = try await tokens.authorized(user) { token in .json(.get, Route.profile, bearer: token) }
        guard response.isSuccess else { throw ServerConnection.error(from: response) }
        let profile = try ServerConnection.decode(ProfileResponse.self, from: response, what: "profile")
        try store.updateProfile(id: user.id, entry: user.entry, identities: profile.identities, profile: profile.data)
        changes.publish(.profileChanged, userId: user.id)
        return profile
    }
}
