import Foundation
import Logging
import RosterDocuments
import RosterWire

/// POST `…/functions/call`: data access when the service is the app's data service (`mongodb-atlas`
/// unless the app names it otherwise), otherwise one of the app's named functions: JavaScript,
/// run by the server's `FunctionRuntime` as App Services runs it, or a command, run with
/// `{"arguments": […], "user": {"id": …}}` on stdin, whose output (any JSON; nothing is BSON
/// undefined, as a JavaScript function that returns nothing answers) is the answer. A
/// function that fails is FunctionExecutionError in words, one stopped at its deadline
/// ExecutionTimeLimitExceeded (both 400, as App Services answers); a private one is, to
/// clients, a function that does not exist (`function not found: 'name'`); one whose condition
/// on callers (`can_evaluate`) does not hold is refused before it runs. Functions run
/// within the app's function limits (`FunctionLimiter`), counted per user; data calls within
/// their deadline and per-user count (`DataCallGate`). Each run a client calls is kept for the
/// app's log (`runs`), not each function it calls in turn.
package struct FunctionCallService: Sendable {
    package let data: DataAccessService
    package let runtime: (any FunctionRuntime)?
    package let users: (any UserStore)?
    package let customData: CustomDataService?
    /// Where each run is kept for the app's log (`logs` in the Admin API); nil keeps none.
    package var runs: FunctionRunLog?

    /// How deep `context.functions.execute` may nest: a function that calls itself ends here.
    package static let maxDepth = 8

    package func call(_ call: FunctionCall, caller: AuthorizedSession, request: FunctionRequest = FunctionRequest()) async throws
        -> JSONValue
    {
        let (name, arguments) = (call.name, call.arguments)
        let services = caller.app.config.dataServices
        switch call.service {
        case nil:
            guard let function = caller.app.config.functions[name], !function.isPrivate else {
                throw ErrorResponse.functionNotFound(named: name)
            }
            return try await caller.app.functions.run(for: .user(caller.user.id)) {
                try await checkCondition(of: name, function, caller: caller, request: request)
                return try await recorded(name, .function, app: caller.app, userId: caller.user.id, request: request) { request in
                    try await run(name, function, arguments: arguments, caller: caller, request: request, depth: 0)
                }
            }
        case let service? where services.contains(service):
            let data = self.data
            let largest = caller.app.config.maxPipelineBytes
            return try await caller.app.dataCalls.run(for: caller.user.id) {
                let answer = try await data.run(name, arguments: arguments, caller: caller, request: request)
                // Checked before a byte is written: an answer that shares its parts (a field
                // projected a thousand times) is small in memory and vast on the wire.
                if answer.isLarger(thanBytes: largest) { throw Self.answerTooLarge(largest) }
                return answer
            }
        case let other?:
            throw ErrorResponse.functionNotFound("no service '\(other.prefix(64))' (this app's data service: \(services.joined(separator: ", ")))")
        }
    }

    /// An answer over `maxPipelineBytes` as written.
    package static func answerTooLarge(_ largest: Int) -> ErrorResponse {
        .invalidParameter("the answer would be larger than \(largest) bytes (maxPipelineBytes): ask for fewer documents or fields")
    }

    /// Runs the app's function `name` (private or not) with `arguments` (Extended JSON): as the
    /// system user when it is set to (`runAsSystem`) or when what calls it runs as system
    /// (`asSystem`: a function the server runs for itself, or one a system function calls).
    func run(
        _ name: String, _ function: FunctionConfig, arguments: [JSONValue], caller: AuthorizedSession, request: FunctionRequest, depth: Int,
        asSystem: Bool = false
    ) async throws -> JSONValue {
        let canonical: [JSONValue]
        do {
            canonical = try arguments.map { argument throws(DocumentError) in try ExtendedJSON.canonicalArgument(argument) }
        } catch {
            throw ErrorResponse(error)
        }
        if function.isJavaScript {
            return try await javaScript(
                name, function, arguments: canonical, caller: caller, request: request, depth: depth, system: asSystem || function.runAsSystem)
        }
        // A command reads its arguments relaxed (`{"$numberInt": "7"}` is 7, a date is ISO-8601
        // text in `$date`).
        let input: JSONValue = ["arguments": .array(canonical.map(ExtendedJSON.relaxed)), "user": ["id": .string(caller.user.id)]]
        let output: Data
        do {
            output = try await CommandFunction(config: function).run(Data(input.compactText.utf8))
        } catch let failure as CommandFunction.Failure {
            if case .timedOut(let seconds) = failure {
                throw ErrorResponse.functionOutOfTime(FunctionRuntimeFailure.outOfTime(seconds: seconds).description)
            }
            throw ErrorResponse.functionFailed("function '\(name)' failed: \(failure)")
        }
        // Nothing written (white space at most) is nothing returned, as from JavaScript.
        if output.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return ExtendedJSON.undefined }
        guard let answer = try? JSONValue(parsing: output) else {
            throw ErrorResponse.functionFailed("function '\(name)' failed: its answer is not JSON")
        }
        return answer
    }

    private func javaScript(
        _ name: String, _ function: FunctionConfig, arguments: [JSONValue], caller: AuthorizedSession, request: FunctionRequest, depth: Int,
        system: Bool
    ) async throws -> JSONValue {
        guard let runtime else {
            throw ErrorResponse.functionFailed("function '\(name)' is JavaScript, which this server does not run (roster-server does)")
        }
        guard let source = function.source else {
            throw ErrorResponse.functionFailed("function '\(name)' has no source: its sourceFile was not read")
        }
        let limits = caller.app.config.limits
        // Both read at once: `context.user` waits for the slower, not for the two in turn.
        async let identitiesRead = try? await users?.identities(appId: caller.app.id, userId: caller.user.id)
        async let customDataRead = try? await customData?.document(app: caller.app, userId: caller.user.id)
        let identities = await identitiesRead ?? []
        let customData = await customDataRead
        var logger = request.logger
        logger[metadataKey: "function"] = .string(name)
        let execution = FunctionExecution(
            name: name, source: source, arguments: arguments,
            context: JavaScriptFunctionContext.make(
                caller: caller, identities: identities, customData: customData ?? nil, request: request, runningAsSystem: system),
            deadline: .milliseconds(Int64(function.timeoutSeconds * 1000)), memoryMegabytes: limits.functionMemoryMegabytes,
            requestId: logger[metadataKey: "request.id"].map { "\($0)" })
        let host = JavaScriptFunctionHost(
            service: self, caller: caller, request: request, logger: logger, runAsSystem: system, depth: depth)
        do {
            return try await runtime.run(execution, host: host)
        } catch let failure as FunctionRuntimeFailure {
            switch failure {
            case .threw: throw ErrorResponse.functionFailed(failure.description)
            case .outOfTime:
                logger.warning("function refused: \(failure)")
                throw ErrorResponse.functionOutOfTime(failure.description)
            case .outOfMemory, .unavailable:
                logger.warning("function refused: \(failure)")
                throw ErrorResponse.functionFailed(failure.description)
            case .notStarted(let why):
                logger.error("function could not run: the JavaScript engine did not start: \(why)")
                throw FunctionEngineUnavailable(function: name, why: why)
            }
        }
    }

    package init(
        data: DataAccessService, runtime: (any FunctionRuntime)? = nil, users: (any UserStore)? = nil, customData: CustomDataService? = nil,
        runs: FunctionRunLog? = nil
    ) {
        self.runs = runs
        self.data = data
        self.runtime = runtime
        self.users = users
        self.customData = customData
    }
}
