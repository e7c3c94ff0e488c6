import Hummingbird
import HummingbirdAuth
import RosterWire

/// Bearer authentication for a group of routes: proves the caller from its token (an access
/// token, or a refresh token for the API-key routes) before the route runs, and puts it in the
/// context for the route to read. Under an app's routes the token must be for that app;
/// elsewhere the token's app becomes the request's, with its own body limit. Every refusal is
/// the protocol's InvalidSession.
///
///     let keys = router.group().add(middleware: SessionAuthenticator(sessions: sessions, token: .refresh))
///     keys.get(RouterPath(Route.apiKeys)) { _, context in try await list(for: try context.caller()) }
struct SessionAuthenticator: AuthenticatorMiddleware {
    typealias Context = RosterRequestContext
    typealias Identity = AuthorizedSession

    enum Token: Sendable { case access, refresh }

    let sessions: SessionService
    let token: Token
    /// Whether a request is authenticated at all: a log-in only when it links credentials.
    var applies: @Sendable (Request) -> Bool = { _ in true }

    func authenticate(request: Request, context: Context) async throws -> AuthorizedSession? {
        guard applies(request) else { return nil }
        let bearer = try BearerToken.value(in: request.headers)
        let caller =
            switch token {
            case .access: try await sessions.authorize(accessToken: bearer)
            case .refresh: try await sessions.authorize(refreshToken: bearer)
            }
        if let app = context.app, caller.app.id != app.id { throw ErrorResponse.invalidSession("the token is for another app") }
        return caller
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let caller = try await authenticate(request: request, context: context) else { return try await next(request, context) }
        var context = context
        context.identity = caller
        context.app = caller.app
        context.maxUploadSize = caller.app.config.maxRequestBytes
        return try await next(request, context)
    }
}

extension SessionAuthenticator {
    /// `…/login?link=true`: adding credentials to the caller.
    static let linking: @Sendable (Request) -> Bool = { $0.uri.queryParameters.get("link") == "true" }
}
