import RosterWire

/// A refusal that says when to come back (a limit reached, the server busy): thrown like any
/// error, and answered by the router with its error JSON, its status and `Retry-After`.
///
///     struct HashingBusy: RetryLater { … }
///     throw HashingBusy()   // 503 {"error_code": "ServiceUnavailable", …}, Retry-After: 1
package protocol RetryLater: Error {
    var response: ErrorResponse { get }
    var retryAfterSeconds: Int { get }
    /// The HTTP status; by default the one of the response's error code.
    var statusCode: Int { get }
}

extension RetryLater {
    package var statusCode: Int { response.code?.httpStatus ?? 500 }
}
