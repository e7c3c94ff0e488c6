import Hummingbird
import RosterWire

/// The provider check of a group of an app's routes: the provider they name (the `:provider`
/// path parameter, or the one given) must be enabled for the app, before anything is read or
/// counted; AuthProviderNotFound otherwise. The route reads it from `context.provider`.
struct EnabledProviderMiddleware: RouterMiddleware {
    typealias Context = RosterRequestContext
    let login: LoginService
    /// The provider of every route in the group; nil to read the `:provider` parameter.
    var provider: ProviderType?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.provider = try login.provider(provider?.rawValue ?? context.parameter("provider"), of: try context.servedApp())
        return try await next(request, context)
    }
}
