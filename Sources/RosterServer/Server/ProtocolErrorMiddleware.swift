import Hummingbird
import RosterServerCore
import RosterWire

/// The outermost middleware of Roster's router: whatever is thrown below it that is not already
/// a protocol error (the router's own "no route", a body over the limit, anything unexpected)
/// becomes one, and one that is (`ErrorResponse`, a `ProtocolErrorAnswer`) goes on with its
/// code, so the router answers every failure with the protocol's error JSON. Nothing internal
/// leaks: an unexpected error is logged by its type only, as its text could carry
/// request data, and answered as InternalServerError. A refusal that asks the client to come
/// back later is counted (`roster_rate_limited_total`). A store that cannot write (a full disk)
/// is such a refusal: 503 with `Retry-After` (`StoreCannotWrite`), and `/ready` told.
package struct ProtocolErrorMiddleware: RouterMiddleware {
    package typealias Context = RosterRequestContext
    package let metrics: ServerMetrics
    /// Told of a write the store could not make; nil where no store stands behind the router.
    package let health: HealthService?

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ErrorResponse {
            throw error
        } catch let answer as any ProtocolErrorAnswer {
            throw answer
        } catch let refusal as any RetryLater {
            metrics.refused(status: refusal.statusCode, route: context.endpointPath)
            throw RetryLaterAnswer(refusal: refusal)
        } catch let error as any HTTPResponseError {
            throw Self.error(forStatus: error.status.code)
        } catch let error where health?.isWriteFailure(error) == true {
            context.logger.error("the store cannot write", metadata: ["error.type": "\(type(of: error))"])
            throw RetryLaterAnswer(refusal: StoreCannotWrite())
        } catch {
            context.logger.error("request failed", metadata: ["error.type": "\(type(of: error))"])
            throw ErrorResponse.internalError()
        }
    }

    /// The protocol's error for what Hummingbird answers by status alone.
    package static func error(forStatus status: Int) -> ErrorResponse {
        switch status {
        case 404: .routeNotFound()
        case 405: ErrorResponse(.methodNotAllowed, "the method is not allowed on this route")
        case 413: .payloadTooLarge(limit: 0)
        case 400..<500: .badRequest("the request is not valid")
        default: .internalError()
        }
    }

    package init(metrics: ServerMetrics, health: HealthService? = nil) {
        self.metrics = metrics
        self.health = health
    }
}
