import RosterWire

/// The JavaScript engine did not start (Node.js is not there, or its worker ended before it was
/// ready), so a function could not run: nothing of it ran. A client is answered 503
/// `ServiceUnavailable` with `Retry-After`, in words that do not tell it the engine's paths; the
/// server's log has `why`. A trigger keeps its event and runs it once the engine is back
/// (`TriggerEventRule.Outcome.notRun`).
///
///     throw FunctionEngineUnavailable(function: "sum", why: "Node.js ('node') could not be started: …")
package struct FunctionEngineUnavailable: RetryLater, Sendable, Equatable, CustomStringConvertible {
    package var function: String
    /// What the engine's failure was, for the server's log.
    package var why: String

    package init(function: String, why: String) {
        self.function = function
        self.why = why
    }

    package var retryAfterSeconds: Int { RetryAfter.defaultSeconds }
    package var response: ErrorResponse {
        ErrorResponse(.serviceUnavailable, "functions cannot run on this server just now; try again later")
    }
    package var description: String { "function '\(function)' could not run: \(why)" }
}
