import RosterWire

/// The store cannot write now (a full disk, an I/O error, a read-only database): 503 with
/// `ServiceUnavailable` and `Retry-After`, since room may be made; nothing was stored. `/ready`
/// answers 503 until a write probe passes again (`StoreWriteHealth`).
package struct StoreCannotWrite: RetryLater, Sendable, Equatable {
    package init() {}
    package var retryAfterSeconds: Int { RetryAfter.defaultSeconds }
    package var response: ErrorResponse { ErrorResponse(.serviceUnavailable, "the server cannot store this now; try again later") }
}
