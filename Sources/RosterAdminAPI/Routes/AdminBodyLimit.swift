import Hummingbird
import RosterServer

/// The Admin API's own body limit (`AdminLimits.bodyBytes`), in place of the client API's.
struct AdminBodyLimit: RouterMiddleware {
    typealias Context = RosterRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.maxUploadSize = AdminLimits.bodyBytes
        return try await next(request, context)
    }
}
