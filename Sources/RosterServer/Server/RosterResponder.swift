import Foundation
import Hummingbird
import NIOCore
import RosterWire

/// The router's responder with the last safety net: what the router itself answers (no route,
/// wrong method) or throws becomes the protocol's error JSON too.
struct RosterResponder: HTTPResponder {
    typealias Context = RosterRequestContext
    let router: RouterResponder<RosterRequestContext>

    func respond(to request: Request, context: RosterRequestContext) async -> Response {
        do {
            let response = try await router.respond(to: request, context: context)
            let isJSON = response.headers[.contentType] == "application/json"
            guard response.status.code >= 400, !isJSON else { return response }
            return RouteServices.response(.error(Self.error(forStatus: response.status.code)))
        } catch let error as ErrorResponse {
            return RouteServices.response(.error(error))
        } catch let error as any HTTPResponseError {
            return RouteServices.response(.error(Self.error(forStatus: error.status.code)))
        } catch {
            context.logger.error("request failed", metadata: ["error.type": "\(type(of: error))"])
            return RouteServices.response(.error(.internalError()))
        }
    }

    static func error(forStatus status: Int) -> ErrorResponse {
        switch status {
        case 404: .routeNotFound()
        case 405: ErrorResponse(.methodNotAllowed, "the method is not allowed on this route")
        case 413: .payloadTooLarge(limit: 0)
        case 400..<500: .badRequest("the request is not valid")
        default: .internalError()
        }
    }
}
