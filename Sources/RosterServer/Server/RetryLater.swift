import HTTPTypes
import Hummingbird
import RosterWire

/// A refusal that says when to come back (a limit reached, the server busy): thrown like any
/// error, and answered by the router with its error JSON and `Retry-After`.
///
///     struct HashingBusy: RetryLater { … }
///     throw HashingBusy()   // 503 {"error_code": "ServiceUnavailable", …}, Retry-After: 1
protocol RetryLater: HTTPResponseError {
    var response: ErrorResponse { get }
    var retryAfterSeconds: Int { get }
}

extension RetryLater {
    var status: HTTPResponse.Status { self.response.status }

    func response(from request: Request, context: some RequestContext) -> Response {
        self.response.jsonResponse(retryAfter: retryAfterSeconds)
    }
}
