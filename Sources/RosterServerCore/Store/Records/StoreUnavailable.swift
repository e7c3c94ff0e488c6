import RosterWire

/// The database cannot be reached (down, restarting, or every connection busy past the time
/// limit): 503 with the protocol's `InternalServerError` JSON and `Retry-After`, so clients
/// come back once it is reachable again; the server reconnects by itself.
package struct StoreUnavailable: RetryLater, Sendable {
    package init() {}
    package var retryAfterSeconds: Int { 1 }
    package var response: ErrorResponse { ErrorResponse(.internalServerError, "the database is unavailable; try again shortly") }
    package var statusCode: Int { 503 }
}
