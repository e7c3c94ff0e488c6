import HTTPTypes
import Hummingbird
import RosterWire

/// The database cannot be reached (down, restarting, or every connection busy past the time
/// limit): 503 with the protocol's `InternalServerError` JSON and `Retry-After`, so clients
/// come back once it is reachable again; the server reconnects by itself.
struct StoreUnavailable: RetryLater, Sendable {
    var retryAfterSeconds: Int { 1 }
    var response: ErrorResponse { ErrorResponse(.internalServerError, "the database is unavailable; try again shortly") }
    var status: HTTPResponse.Status { .serviceUnavailable }

    func response(from request: Request, context: some RequestContext) -> Response {
        var answer = response.jsonResponse(retryAfter: retryAfterSeconds)
        answer.status = .serviceUnavailable
        return answer
    }
}
