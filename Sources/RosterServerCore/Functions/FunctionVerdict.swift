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
        return try read(answer, what: what)
    }

    /// Runs a JavaScript function (`run`) and reads its verdict; what it throws, or a run past
    /// its limits, is FunctionExecutionError naming `what` and why.
    package static func ask(what: String, _ run: () async throws -> JSONValue) async throws -> FunctionVerdict {
        let answer: JSONValue
        do {
            answer = try await run()
        } catch let refusal as ErrorResponse where refusal.code == .functionExecutionError {
            throw ErrorResponse(.functionExecutionError, "the \(what) failed: \(refusal.error.prefix(200))")
        }
        return try read(answer.objectValue ?? [:], what: what)
    }

    private static func read(_ answer: JSONObject, what: String) throws -> FunctionVerdict {
        switch answer["status"]?.stringValue {
        case "success": return .success
        case "pending": return .pending
        case "fail": return .fail(answer["message"]?.stringValue.map { String($0.prefix(200)) })
        default:
            throw ErrorResponse(.functionExecutionError, "the \(what) failed: its answer has no status of success, pending or fail")
        }
    }
}
