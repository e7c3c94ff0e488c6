import Hummingbird
import HummingbirdAuth
import RosterServerCore
import RosterWire

/// Bearer authentication for a group of routes: proves the caller from its token (an access
/// token, or a refresh token for the API-key routes) before the route runs, and puts it in the
/// context for the route to read. Under an app's routes the token must be for that app;
/// elsewhere the token's app becomes the request's, with its own body limit. Every refusal of
/// the token is the protocol's InvalidSession; an `Origin` the token's app does not allow is
/// AccessDenied, before the route runs (`RequestOriginCheck`).
///
///     let keys = router.group().add(middleware: SessionAuthenticator(sessions: sessions, token: .refresh))
///     keys.get(RouterPath(Route.apiKeys)) { _, context in try await list(for: try context.caller()) }
package struct SessionAuthenticator: AuthenticatorMiddleware {
    package typealias Context = RosterRequestContext
    package typealias Identity = AuthorizedSession

    package enum Token: Sendable { case access, refresh }

    package let sessions: SessionService
    package let token: Token
    /// Whether a request is authenticated at all: a log-in only when it links credentials.
    package var applies: @Sendable (Request) -> Bool = { _ in true }
    /// A query parameter that may carry the token instead of the header (a change stream's
    /// `baas_at`, which realm-core sends); nil: the header only.
    package var queryToken: String?

    package func authenticate(request: Request, context: Context) async throws -> AuthorizedSession? {
        guard applies(request) else { return nil }
        let bearer: String
        if request.headers[.authorization] == nil, let name = queryToken, let token = request.uri.queryParameters.get(name), !token.isEmpty {
            bearer = token
        } else {
            bearer = try BearerToken.value(in: request.headers)
        }
        let caller =
            switch token {
            case .access: try await sessions.authorize(accessToken: bearer)
            case .refresh: try await sessions.authorize(refreshToken: bearer)
            }
        if let app = context.app, caller.app.id != app.id { throw ErrorResponse.invalidSession("the token is for another app") }
        return caller
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let caller = try await authenticate(request: request, context: context) else { return try await next(request, context) }
        try RequestOriginCheck.require(request, allowedBy: caller.app, context: context)
        var context = context
        context.identity = caller
        context.app = caller.app
        context.maxUploadSize = caller.app.config.maxRequestBytes
        return try await next(request, context)
    }

    package init(
        sessions: SessionService, token: Token, queryToken: String? = nil, applies: @escaping @Sendable (Request) -> Bool = { _ in true }
    ) {
        self.sessions = sessions
        self.token = token
        self.queryToken = queryToken
        self.applies = applies
    }
}

extension SessionAuthenticator {
    /// `…/login?link=true`: adding credentials to the caller.
    package static let linking: @Sendable (Request) -> Bool = { $0.uri.queryParameters.get("link") == "true" }
}
