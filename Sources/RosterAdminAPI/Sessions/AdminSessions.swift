import Foundation
import RosterServerCore
import RosterWire

/// Operators' sessions on the Admin API: log-in by password or API key, refresh, log-out, and
/// the caller of a request. A session is a row in the store: logging out ends every token of it
/// at once, on every server process. Wrong credentials are counted per operator and per address
/// (`AdminLimits`), and the answers do not tell an unknown operator from a wrong password.
/// A token is taken only when signed with the Admin API's own secret (`AdminTokens`), naming a
/// live admin session whose operator is the token's subject: each of the three alone keeps an
/// app's client tokens out.
///
///     let login = try await sessions.logIn(email: "ops@example.com", password: "long-secret", address: "10.0.0.7")
///     let caller = try await sessions.caller(accessToken: login.accessToken)
struct AdminSessions: Sendable {
    let store: any OperatorStore & AttemptStore
    let hasher: PasswordHasher
    let tokens: AdminTokens
    let ids: IdentifierSource
    let now: @Sendable () -> Date

    init(services: ServerServices) {
        let environment = services.environment
        store = services.hosting.store
        hasher = PasswordHasher(cost: .owasp, randomBytes: environment.randomBytes, hashingIn: environment.hashing)
        tokens = AdminTokens(store: services.hosting.store, randomBytes: environment.randomBytes, now: environment.now)
        ids = IdentifierSource(randomBytes: environment.randomBytes, now: environment.now)
        now = environment.now
    }

    func logIn(email rawEmail: String, password: String, address: String) async throws -> AdminLogin {
        let email = Operators.normalize(rawEmail)
        let keys = try await checkWait(account: email, address: address)
        guard let found = try await store.operatorRecord(email: email) else {
            try await hasher.spendVerificationTimeInBackground(password)
            throw try await failed(keys)
        }
        guard try await hasher.verifyInBackground(password, against: found.passwordHash) else { throw try await failed(keys) }
        return try await open(for: found, clearing: keys)
    }

    func logIn(publicKey: String, privateKey: String, address: String) async throws -> AdminLogin {
        let keys = try await checkWait(account: "key:\(publicKey.prefix(64))", address: address)
        guard let key = try await store.operatorAPIKey(publicKey: publicKey),
            ConstantTime.equals(Array(SecretDigest.hex(of: privateKey).utf8), Array(key.keyDigest.utf8)),
            let found = try await store.operatorRecord(id: key.operatorId)
        else { throw try await failed(keys) }
        return try await open(for: found, clearing: keys)
    }

    /// A new access token for the session of `refreshToken`.
    func refresh(_ refreshToken: String) async throws -> AdminRefresh {
        let claims = try await tokens.tokens.verifyRefresh(refreshToken)
        guard let session = try await store.adminSession(id: claims.sessionId), session.expiresAt > now(),
            let found = try await store.operatorRecord(id: session.operatorId), found.id == claims.sub
        else { throw ErrorResponse.invalidSession(ErrorResponse.Text.refreshTokenNotFound) }
        return AdminRefresh(accessToken: try await accessToken(for: found, sessionId: session.id))
    }

    /// Ends the session of `refreshToken`; the operator it was, when there was one.
    func logOut(_ refreshToken: String) async throws -> AdminCaller? {
        let claims = try await tokens.tokens.verifySessionEnding(refreshToken)
        guard let session = try await store.adminSession(id: claims.sessionId),
            let found = try await store.operatorRecord(id: session.operatorId), found.id == claims.sub
        else { return nil }
        _ = try await store.deleteAdminSession(id: session.id)
        return AdminCaller(operatorId: found.id, email: found.email, groupId: found.groupId, sessionId: session.id)
    }

    /// The operator of a live session's access token; InvalidSession otherwise, in App Services'
    /// words where the deployment tools read them ("invalid session: access token expired").
    func caller(accessToken: String) async throws -> AdminCaller {
        let claims: AccessTokenClaims
        do {
            claims = try await tokens.tokens.verifyAccess(accessToken)
        } catch let refused as ErrorResponse where refused.error == "the access token has expired" {
            throw ErrorResponse.invalidSession("invalid session: access token expired")
        }
        guard let sessionId = claims.sessionId, let session = try await store.adminSession(id: sessionId), session.expiresAt > now(),
            let found = try await store.operatorRecord(id: session.operatorId), found.id == claims.sub
        else { throw ErrorResponse.invalidSession("invalid session: the session has ended; log in again") }
        return AdminCaller(operatorId: found.id, email: found.email, groupId: found.groupId, sessionId: session.id)
    }

    private func open(for found: OperatorRecord, clearing keys: [AttemptKey]) async throws -> AdminLogin {
        for key in keys where key.kind == .account { try await store.clearFailures(appId: AdminLimits.scope, key: key) }
        let issued = Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down))
        let session = AdminSessionRecord(
            id: ids.sessionId(), operatorId: found.id, createdAt: issued, expiresAt: issued.addingTimeInterval(AdminLimits.refreshLifetime))
        try await store.createAdminSession(session)
        let refresh = RefreshTokenClaims(
            sub: found.id, iat: Int64(issued.timeIntervalSince1970), exp: Int64(session.expiresAt.timeIntervalSince1970),
            sessionId: session.id)
        return AdminLogin(
            accessToken: try await accessToken(for: found, sessionId: session.id), refreshToken: try await tokens.tokens.sign(refresh: refresh),
            userId: found.id, deviceId: "000000000000000000000000")
    }

    private func accessToken(for found: OperatorRecord, sessionId: String) async throws -> String {
        let issued = Int64(now().timeIntervalSince1970)
        return try await tokens.tokens.sign(
            access: AccessTokenClaims(
                sub: found.id, iat: issued, exp: issued + Int64(AdminLimits.accessLifetime), sessionId: sessionId))
    }

    /// The attempt keys of a log-in, refused at once (429) while any of them must wait.
    private func checkWait(account: String, address: String) async throws -> [AttemptKey] {
        let keys = [
            AttemptKey(scope: "admin-login", kind: .account, value: account), AttemptKey(scope: "admin-login", kind: .address, value: address),
        ]
        let now = now()
        for key in keys {
            if let standing = try await store.attemptsWait(appId: AdminLimits.scope, key: key), let wait = standing, wait > now {
                throw LimitWait(seconds: LimitWait.seconds(until: wait, from: now))
            }
        }
        return keys
    }

    /// Counts a wrong credential and answers as App Services does for one.
    private func failed(_ keys: [AttemptKey]) async throws -> ErrorResponse {
        _ = try await store.recordFailure(appId: AdminLimits.scope, keys: keys, now: now()) { counts in
            let cap = counts.key.kind == .account ? AdminLimits.failuresPerAccountPerHour : AdminLimits.failuresPerAddressPerHour
            return counts.inHour >= cap ? counts.hourStartedAt.addingTimeInterval(AttemptCountRule.hour) : nil
        }
        return .invalidPassword()
    }
}
