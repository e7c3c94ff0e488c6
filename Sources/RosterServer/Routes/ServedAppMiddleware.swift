import Hummingbird
import RosterServerCore
import RosterWire

/// The app check of the routes under `/app/{appId}/…`: finds the served app once, before the
/// route, which reads it from the context (`context.servedApp()`); from here on the app's own
/// body limit applies. AppNotFound for an app this server does not serve; AccessDenied for an
/// `Origin` the app does not allow (`RequestOriginCheck`).
package struct ServedAppMiddleware: RouterMiddleware {
    package typealias Context = RosterRequestContext
    package let login: LoginService

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let app = try login.app(context.parameter("appId"))
        try RequestOriginCheck.require(request, allowedBy: app, context: context)
        var context = context
        context.app = app
        context.maxUploadSize = app.config.maxRequestBytes
        return try await next(request, context)
    }

    package init(login: LoginService) {
        self.login = login
    }
}
