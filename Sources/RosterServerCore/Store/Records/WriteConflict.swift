import RosterWire

/// The documents a write selected kept changing under it, `DocumentStore.writeAttempts` times
/// running: 503 `ServiceUnavailable` with `Retry-After`, as MongoDB's transient WriteConflict,
/// which a client tries again.
package struct WriteConflict: RetryLater, Sendable, Equatable {
    package var retryAfterSeconds: Int { 1 }
    package var response: ErrorResponse { ErrorResponse(.serviceUnavailable, "the documents changed while the call ran; try again") }
}
