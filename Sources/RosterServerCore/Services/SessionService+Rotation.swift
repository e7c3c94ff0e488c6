import Foundation
import RosterWire

/// Refresh-token rotation (`RefreshRotationConfig`): each refresh replaces the session's refresh
/// token; the replaced one answers the same new token within the grace window; any older token
/// presented ends the session and is recorded in the audit trail.
extension SessionService {
    /// POST /auth/session for an app that rotates refresh tokens: `{access_token, refresh_token}`.
    package func rotatingRefresh(_ token: String, of context: SessionContext, app: ServedApp, from address: String?) async throws
        -> SessionResponse
    {
        let caller = try live(context)
        let session = context.session
        let at = now()
        let generation = session.refreshGeneration + 1
        // Signed before the transaction; used only if this request is the one that rotates.
        let next = try await tokens.sign(
            refresh: RefreshTokenClaims(
                sub: session.userId, iat: Int64(at.timeIntervalSince1970), exp: Int64(session.expiresAt.timeIntervalSince1970),
                sessionId: session.id, appId: app.id, generation: generation))
        let rotation = RefreshRotation(
            sessionId: session.id, presentedDigest: SecretDigest.hex(of: token),
            next: .init(
                digest: SecretDigest.hex(of: next), sealed: try RefreshTokenSeal.seal(next, under: token, sessionId: session.id),
                generation: generation),
            at: at, graceSince: at.addingTimeInterval(-TimeInterval(app.config.refreshTokenRotation.graceSeconds)))
        let refreshToken: String
        switch try await store.rotateRefreshToken(rotation) {
        case .rotated:
            refreshToken = next
        case .replacedRecently(let sealed):
            guard let again = RefreshTokenSeal.open(sealed, under: token, sessionId: session.id) else {
                throw ErrorResponse.internalError()
            }
            refreshToken = again
        case .reused(let revoked):
            await audit.record(
                .refreshTokenReused, appId: revoked.appId, userId: revoked.userId, address: address, detail: revoked.deviceId)
            throw ErrorResponse.invalidSession(ErrorResponse.Text.refreshTokenNotFound)
        case .gone:
            throw ErrorResponse.invalidSession(ErrorResponse.Text.refreshTokenNotFound)
        }
        let access = try await accessToken(app: app, userId: caller.user.id, sessionId: session.id, deviceId: session.deviceId)
        return SessionResponse(accessToken: access, refreshToken: refreshToken)
    }

    /// Whether a refresh token (by digest) stands for `session`: it is the current one, or the
    /// one the current one replaced within the app's grace window.
    package func stands(for session: SessionRecord, _ digest: String) -> Bool {
        if ConstantTime.equals(session.refreshDigest, digest) { return true }
        guard let rotation = apps[session.appId]?.config.refreshTokenRotation, rotation.enabled,
            let previous = session.previousRefreshDigest, let rotatedAt = session.rotatedAt
        else { return false }
        return ConstantTime.equals(previous, digest)
            && rotatedAt >= now().addingTimeInterval(-TimeInterval(rotation.graceSeconds))
    }
}
