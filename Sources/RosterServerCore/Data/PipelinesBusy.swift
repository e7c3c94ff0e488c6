import RosterWire

/// The app's pipelines together hold all the memory they may (`PipelineMemory`): 503
/// `ServiceUnavailable` with `Retry-After`, as a full function limit, since the same call may
/// run a moment later.
package struct PipelinesBusy: RetryLater, Sendable, Equatable {
    package let message: String
    package var retryAfterSeconds: Int { 1 }
    package var response: ErrorResponse { ErrorResponse(.serviceUnavailable, message) }

    package init(message: String) {
        self.message = message
    }
}
