import Logging
import RosterWire

/// What one JavaScript execution asks of the server, answered through the server's own
/// services: `context.functions.execute` runs the app's function (private ones too) for the
/// same caller (its condition on callers checked, unless this one runs as system, and then the
/// function it calls runs as system too),
/// `context.services` calls data access as the routes do, `console` writes to the server's log
/// with the function's name and the request id.
struct JavaScriptFunctionHost: FunctionHost {
    let service: FunctionCallService
    let caller: AuthorizedSession
    let request: FunctionRequest
    let logger: Logger
    let runAsSystem: Bool
    let depth: Int
    /// What this run's data calls resolve of the caller once and share (`CallerExpansions`).
    let resolved = CallerExpansions()

    func execute(_ name: String, arguments: [JSONValue]) async throws -> JSONValue {
        guard let function = caller.app.config.functions[name] else {
            throw ErrorResponse.functionNotFound(named: name)
        }
        guard depth < FunctionCallService.maxDepth else {
            throw ErrorResponse.functionFailed("functions call each other more than \(FunctionCallService.maxDepth) deep")
        }
        if !runAsSystem { try await service.checkCondition(of: name, function, caller: caller, request: request) }
        return try await service.run(
            name, function, arguments: arguments, caller: caller, request: request, depth: depth + 1, asSystem: runAsSystem)
    }

    /// A data call through the app's data service, under the caller's rules, or past them as
    /// the system user for a function that runs as system.
    func data(service name: String, database: String, collection: String, action: String, arguments: [JSONValue]) async throws -> JSONValue {
        let services = caller.app.config.dataServices
        guard services.contains(name) else {
            throw ErrorResponse.functionNotFound("no service '\(name.prefix(64))' (this app's data service: \(services.joined(separator: ", ")))")
        }
        let request = try FunctionDataCall.request(database: database, collection: collection, action: action, arguments: arguments)
        // The client's request reaches the rules as it does a data call of its own (`%%request`);
        // the call has a data call's deadline and regular-expression budget (`DataCallGate`).
        let (data, caller, asSystem, callRequest, resolved) = (service.data, caller, runAsSystem, self.request, resolved)
        let answer = try await caller.app.dataCalls.runForFunction {
            try await data.run(request.name, arguments: [request.argument], caller: caller, asSystem: asSystem, request: callRequest, resolved: resolved)
        }
        let largest = caller.app.config.maxPipelineBytes
        if answer.isLarger(thanBytes: largest) { throw FunctionCallService.answerTooLarge(largest) }
        return FunctionDataCall.answer(for: action, answer)
    }

    func log(_ text: String, isError: Bool) {
        let line = String(text.prefix(4096))
        request.console?.append(line)
        if isError { logger.error("\(line)") } else { logger.info("\(line)") }
    }
}
