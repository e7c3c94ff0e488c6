import Hummingbird
import RosterServerCore
import RosterWire

/// The router's responder, never throwing: the router answers every thrown error itself
/// (`ProtocolErrorMiddleware`, `ErrorResponse`'s `HTTPResponseError`); this is the last net
/// for an error thrown while a response is being made.
package struct RosterResponder: HTTPResponder {
    package typealias Context = RosterRequestContext
    package let router: RouterResponder<RosterRequestContext>

    package func respond(to request: Request, context: RosterRequestContext) async -> Response {
        do {
            return try await router.respond(to: request, context: context)
        } catch {
            context.logger.error("request failed", metadata: ["error.type": "\(type(of: error))"])
            return ErrorResponse.internalError().jsonResponse()
        }
    }

    package init(router: RouterResponder<RosterRequestContext>) {
        self.router = router
    }
}
