import Foundation
import RosterWire

extension FunctionCallService {
    /// Runs `body` as one run of the function `name` for the app's log: what it writes to
    /// `console` (through `request.console`, nested calls included), how it ended and when are
    /// queued on `runs` once it ends, off the answer's path. Its arguments and answer are not
    /// kept. Without `runs`, only `body` runs.
    func recorded(
        _ name: String, _ origin: FunctionRunOrigin, app: ServedApp, userId: String?, request: FunctionRequest,
        _ body: (FunctionRequest) async throws -> JSONValue
    ) async throws -> JSONValue {
        guard let runs else { return try await body(request) }
        var request = request
        let console = FunctionConsole(budget: runs.budget)
        request.console = console
        let started = runs.now()
        // A client's request has a method; a trigger's run or a user's creation has none.
        let client = request.method != nil
        var run = FunctionRunRecord(
            id: runs.newId(), appId: app.id, type: origin.type, functionName: name, functionId: app.config.functions[name]?.id,
            triggerName: origin.triggerName, userId: userId.flatMap { $0.isEmpty ? nil : $0 },
            requestId: request.logger[metadataKey: "request.id"].map { "\($0)" }, remoteAddress: client ? request.remoteAddress : nil,
            requestURL: client ? request.url : nil, requestMethod: request.method, startedAt: started, completedAt: started)
        do {
            let answer = try await body(request)
            run.completedAt = runs.now()
            run.logs = console.lines
            run.status = client ? 200 : nil
            runs.record(run)
            return answer
        } catch {
            run.completedAt = runs.now()
            run.logs = console.lines
            (run.error, run.errorCode) = Self.failure(error)
            run.status = client ? Self.status(of: error) : nil
            runs.record(run)
            throw error
        }
    }

    /// The HTTP status a client is answered with for `error`, when the server knows it here: an
    /// error answer's, or a refusal's that asks to come back later.
    static func status(of error: any Error) -> Int? {
        switch error {
        case let response as ErrorResponse: response.code?.httpStatus ?? 500
        case let later as any RetryLater: later.statusCode
        default: nil
        }
    }

    /// A run's failure in the words and code its caller read.
    static func failure(_ error: any Error) -> (String, String) {
        switch error {
        case let response as ErrorResponse: (String(response.error.prefix(4096)), response.errorCode)
        case let down as FunctionEngineUnavailable: (down.response.error, down.response.errorCode)
        case let failure as FunctionRuntimeFailure: (String(failure.description.prefix(4096)), ErrorCode.functionExecutionError.rawValue)
        case is CancellationError: ("the run was stopped: the server is stopping", ErrorCode.functionExecutionError.rawValue)
        default: ("the function could not run (\(type(of: error)))", ErrorCode.functionExecutionError.rawValue)
        }
    }
}
