import Foundation
import RosterWire

/// Opens sessions and checks the tokens that stand for them: log-in answers, access-token
/// refresh, log-out, and authorizing requests by access or refresh token.
package struct SessionService: Sendable {
    package let store: any SessionStore & UserStore
    package let tokens: TokenService
    package let customData: CustomDataService
    package let ids: IdentifierSource
    package let apps: ServedApps
    package let audit: AuditTrail
    package let now: @Sendable () -> Date

    /// A new session for `user` and its first token pair.
    package func open(app: ServedApp, user: UserRecord, deviceId requested: String?) async throws -> LoginResponse {
        let (session, answer) = try await prepare(app: app, user: user, deviceId: requested)
        try await store.insertSession(session)
        return answer
    }

    /// A new session for `user` and its first token pair, for the caller to store: a device
    /// log-in writes it in the transaction that uses its code up.
    package func prepare(app: ServedApp, user: UserRecord, deviceId requested: String?) async throws -> (SessionRecord, LoginResponse) {
        let deviceId = Self.acceptableDeviceId(requested) ?? ids.objectId()
        let issued = Int64(now().timeIntervalSince1970)
        let sessionId = ids.sessionId()
        let refreshClaims = RefreshTokenClaims(
            sub: user.id, iat: issued, exp: issued + Int64(app.config.refreshTokenLifetimeSeconds), sessionId: sessionId,
            appId: app.id)
        let refreshToken = try await tokens.sign(refresh: refreshClaims)
        var revokeClaims = refreshClaims
        revokeClaims.typ = TokenType.revoke.rawValue
        let revocationToken = try await tokens.sign(refresh: revokeClaims)
        let session = SessionRecord(
            id: sessionId, appId: app.id, userId: user.id, deviceId: deviceId,
            refreshDigest: SecretDigest.hex(of: refreshToken), createdAt: Date(timeIntervalSince1970: TimeInterval(issued)),
            expiresAt: Date(timeIntervalSince1970: TimeInterval(refreshClaims.exp)), revoked: false)
        let accessToken = try await accessToken(app: app, userId: user.id, sessionId: sessionId, deviceId: deviceId)
        return (
            session,
            LoginResponse(
                accessToken: accessToken, refreshToken: refreshToken, userId: user.id, deviceId: deviceId, revocationToken: revocationToken)
        )
    }

    /// A fresh access token for a session, carrying the user's current custom data.
    package func accessToken(app: ServedApp, userId: String, sessionId: String, deviceId: String) async throws -> String {
        try await accessToken(
            app: app, userId: userId, sessionId: sessionId, deviceId: deviceId,
            userData: try await customData.document(app: app, userId: userId))
    }

    /// An access token carrying `userData`, the custom data read with the session.
    private func accessToken(app: ServedApp, userId: String, sessionId: String, deviceId: String, userData: JSONValue?) async throws
        -> String
    {
        let issued = Int64(now().timeIntervalSince1970)
        let claims = AccessTokenClaims(
            sub: userId, iat: issued, exp: issued + Int64(app.config.accessTokenLifetimeSeconds), userData: userData,
            sessionId: sessionId, appId: app.id, deviceId: deviceId)
        return try await tokens.sign(access: claims)
    }

    /// POST /auth/session: a new access token for a live session; where the app rotates refresh
    /// tokens, a new refresh token too (`SessionService+Rotation`). `address` is the client's,
    /// for the audit trail.
    package func refresh(refreshToken: String, from address: String?) async throws -> SessionResponse {
        let claims = try await tokens.verifyRefresh(refreshToken)
        // One read: the session, its user and, unless the app rotates refresh tokens (whose
        // refresh is a write of its own), the user's custom data for the new token, chosen by the
        // app the token names (every refresh token Roster signs names its app).
        let named = claims.appId.flatMap { apps[$0] }
        let selector = named.flatMap { $0.config.refreshTokenRotation.enabled ? nil : CustomDataService.selector(app: $0, userId: claims.sub) }
        let context = try await namedContext(claims, customData: selector)
        if let app = apps[context.session.appId], app.config.refreshTokenRotation.enabled {
            return try await rotatingRefresh(refreshToken, of: context, app: app, from: address)
        }
        let caller = try caller(of: context, refreshToken: refreshToken)
        return SessionResponse(
            accessToken: try await accessToken(
                app: caller.app, userId: caller.user.id, sessionId: caller.session.id, deviceId: caller.session.deviceId,
                userData: CustomDataService.tokenData(from: context.document)))
    }

    /// DELETE /auth/session: revokes the session of a genuine refresh token, even of a disabled
    /// user, or of the revocation token given with it at log-in (which can do nothing else). A
    /// session that is already gone (logged out, revoked, its user deleted) or past its expiry is
    /// a success, as in App Services: SDKs log out after deleting an account. A token the server
    /// did not sign is still refused. Where refresh tokens rotate, any refresh token the session
    /// was given ends it, a replaced one too (ending the session is what presenting a replaced
    /// token would do anyway), so a log-out sent late still lands; so does the revocation token.
    /// The session it ended, if one was live.
    @discardableResult
    package func logout(refreshToken token: String) async throws -> SessionRecord? {
        let claims = try await tokens.verifySessionEnding(token)
        guard let session = try await store.session(id: claims.sessionId), session.userId == claims.sub else { return nil }
        if claims.typ == TokenType.refresh.rawValue {
            let rotates = apps[session.appId]?.config.refreshTokenRotation.enabled ?? false
            guard rotates || stands(for: session, SecretDigest.hex(of: token)) else { return nil }
        }
        guard !session.revoked else { return nil }
        try await store.revokeSession(id: session.id)
        return session
    }

    /// The caller of a refresh-token request; InvalidSession unless the session is live and the
    /// user exists and is enabled. A session that is gone (logged out, revoked, its user deleted)
    /// is App Services' "failed to find refresh token".
    package func authorize(refreshToken: String) async throws -> AuthorizedSession {
        let context = try await namedContext(try await tokens.verifyRefresh(refreshToken), customData: nil)
        return try caller(of: context, refreshToken: refreshToken)
    }

    /// The session a genuine refresh token names, with its user (and the custom data document
    /// `customData` names), in one read; unless the session is revoked or gone.
    private func namedContext(
        _ claims: RefreshTokenClaims, customData: DocumentSelector?
    ) async throws -> SessionContext {
        guard let context = try await store.sessionContext(id: claims.sessionId, userId: claims.sub, customData: customData),
            context.session.userId == claims.sub, !context.session.revoked
        else {
            throw ErrorResponse.invalidSession(ErrorResponse.Text.refreshTokenNotFound)
        }
        return context
    }

    /// The caller of a session read with its user, when `refreshToken` still stands for it (the
    /// current token, or the one it replaced within the grace window) and the session is live.
    private func caller(of context: SessionContext, refreshToken: String) throws(ErrorResponse) -> AuthorizedSession {
        guard stands(for: context.session, SecretDigest.hex(of: refreshToken)) else {
            throw .invalidSession(ErrorResponse.Text.refreshTokenNotFound)
        }
        return try live(context)
    }

    /// The caller of an access-token request; the session must still be live.
    package func authorize(accessToken: String) async throws -> AuthorizedSession {
        let claims = try await tokens.verifyAccess(accessToken)
        guard let sessionId = claims.sessionId else { throw ErrorResponse.invalidSession("the access token has no session") }
        // One read: the session and its user.
        guard let context = try await store.sessionContext(id: sessionId, userId: claims.sub, customData: nil),
            context.session.userId == claims.sub, !context.session.revoked
        else {
            throw ErrorResponse.invalidSession("invalid session: the session no longer exists")
        }
        return try live(context)
    }

    /// Whether `caller`'s session still stands: not logged out, revoked or expired, its user
    /// neither deleted nor disabled. A store that cannot be read answers yes: a stream is not
    /// ended for an outage.
    package func isLive(_ caller: AuthorizedSession) async -> Bool {
        do {
            guard let context = try await store.sessionContext(id: caller.session.id, userId: caller.user.id, customData: nil),
                context.session.userId == caller.user.id, !context.session.revoked
            else { return false }
            _ = try live(context)
            return true
        } catch is ErrorResponse {
            return false
        } catch {
            return true
        }
    }

    /// The caller of a session read with its user: the session unexpired, its app served here,
    /// the user there and enabled.
    package func live(_ context: SessionContext) throws(ErrorResponse) -> AuthorizedSession {
        let session = context.session
        guard session.expiresAt > now() else { throw .invalidSession("the session has expired") }
        guard let app = apps[session.appId] else { throw .invalidSession("the session's app is not served here") }
        guard let user = context.user, user.id == session.userId else {
            throw .invalidSession("invalid session: the user no longer exists")
        }
        guard !user.disabled else { throw .invalidSession("the user has been disabled") }
        return AuthorizedSession(app: app, user: user, session: session)
    }

    /// The client's device id when it is 24 hex characters and not all zeros (what SDKs send
    /// when they have none).
    package static func acceptableDeviceId(_ candidate: String?) -> String? {
        guard let candidate, Hex.isHex(candidate, count: 24), candidate != String(repeating: "0", count: 24) else { return nil }
        return candidate.lowercased()
    }

    package init(store: any SessionStore & UserStore, tokens: TokenService, customData: CustomDataService, ids: IdentifierSource, apps: ServedApps, audit: AuditTrail, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.tokens = tokens
        self.customData = customData
        self.ids = ids
        self.apps = apps
        self.audit = audit
        self.now = now
    }
}
