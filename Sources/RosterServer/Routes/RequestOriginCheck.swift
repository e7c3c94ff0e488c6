import Hummingbird
import RosterServerCore
import RosterWire

/// The origin check of the client routes, made as soon as the request's app is known: by its
/// path (`ServedAppMiddleware`), by the caller's token (`SessionAuthenticator`), or by the
/// refresh token of the session routes. A request whose `Origin` the app does not allow
/// (`RequestOrigins`) is refused 403 AccessDenied before any work, and the log says which origin
/// and app; a request without `Origin` passes untouched.
package enum RequestOriginCheck {
    package static func require(_ request: Request, allowedBy app: ServedApp, context: RosterRequestContext) throws(ErrorResponse) {
        let origin = request.headers[.origin]
        guard !app.requestOrigins.allows(origin) else { return }
        context.logger.notice(
            "request origin not allowed", metadata: ["app": "\(app.id)", "origin": "\(String((origin ?? "").prefix(256)))"])
        throw .originNotAllowed()
    }

    /// The check of the session routes (refresh, log-out), whose app only their token names: the
    /// token's signature is verified to read it, before the session is looked at. Nothing is done
    /// for a request without `Origin`; a token that does not verify is left to the route to refuse.
    package static func require(
        _ request: Request, sessionToken verify: () async throws(ErrorResponse) -> RefreshTokenClaims, apps: ServedApps,
        context: RosterRequestContext
    ) async throws(ErrorResponse) {
        guard request.headers[.origin] != nil, let claims = try? await verify(), let appId = claims.appId, let app = apps[appId] else {
            return
        }
        try require(request, allowedBy: app, context: context)
    }
}
