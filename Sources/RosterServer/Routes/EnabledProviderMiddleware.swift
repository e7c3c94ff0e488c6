import Hummingbird
import RosterServerCore
import RosterWire

/// The provider check of a group of an app's routes: the provider they name (the `:provider`
/// path parameter, or the one given) must be enabled for the app, before anything is read or
/// counted; AuthProviderNotFound otherwise. The route reads it from `context.provider`.
package struct EnabledProviderMiddleware: RouterMiddleware {
    package typealias Context = RosterRequestContext
    package let login: LoginService
    /// The provider of every route in the group; nil to read the `:provider` parameter.
    package var provider: ProviderType?

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.provider = try login.provider(provider?.rawValue ?? context.parameter("provider"), of: try context.servedApp())
        return try await next(request, context)
    }

    package init(login: LoginService, provider: ProviderType? = nil) {
        self.login = login
        self.provider = provider
    }
}
