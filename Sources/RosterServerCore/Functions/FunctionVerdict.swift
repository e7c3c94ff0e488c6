import RosterWire

/// The answer of a confirmation or reset function: `{"status": "success" | "pending" | "fail"}`,
/// with an optional `message` for a refusal.
package enum FunctionVerdict: Equatable {
    case success, pending
    case fail(String?)

    /// Runs `function` and reads its verdict; a function that cannot run, times out, fails or
    /// answers nonsense is FunctionExecutionError, naming `what` and why.
    package static func ask(_ function: CommandFunction, _ input: JSONValue, what: String) async throws -> FunctionVerdict {
        let answer: JSONObject
        do {
            answer = try await function.call(input)
        } catch let failure as CommandFunction.Failure {
            throw ErrorResponse(.functionExecutionError, "the \(what) failed: \(failure)")
        }
        switch answer["status"]?.stringValue {
        case "success": return .success
        case "pending": return .pending
        case "fail": return .fail(answer["message"]?.stringValue.map { String($0.prefix(200)) })
        default:
            throw ErrorResponse(.functionExecutionError, "the \(what) failed: its answer has no status of success, pending or fail")
        }
    }
}
