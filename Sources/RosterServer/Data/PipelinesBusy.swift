import RosterWire

/// The app's pipelines together hold all the memory they may (`PipelineMemory`): 503
/// `ServiceUnavailable` with `Retry-After`, as a full function limit, since the same call may
/// run a moment later.
struct PipelinesBusy: RetryLater, Sendable, Equatable {
    let message: String
    var retryAfterSeconds: Int { 1 }
    var response: ErrorResponse { ErrorResponse(.serviceUnavailable, message) }
}
