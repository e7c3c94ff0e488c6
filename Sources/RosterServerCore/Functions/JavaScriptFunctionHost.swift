import Logging
import RosterWire

/// What one JavaScript execution asks of the server, answered through the server's own
/// services: `context.functions.execute` runs the app's function (private ones too) for the
/// same caller, `console` writes to the server's log with the function's name and the request
/// id.
struct JavaScriptFunctionHost: FunctionHost {
    let service: FunctionCallService
    let caller: AuthorizedSession
    let request: FunctionRequest
    let logger: Logger
    let runAsSystem: Bool
    let depth: Int

    func execute(_ name: String, arguments: [JSONValue]) async throws -> JSONValue {
        guard let function = caller.app.config.functions[name] else {
            throw ErrorResponse.functionNotFound("function '\(name.prefix(64))' not found")
        }
        guard depth < FunctionCallService.maxDepth else {
            throw ErrorResponse.functionFailed("functions call each other more than \(FunctionCallService.maxDepth) deep")
        }
        return try await service.run(name, function, arguments: arguments, caller: caller, request: request, depth: depth + 1)
    }

    func data(service name: String, database: String, collection: String, action: String, arguments: [JSONValue]) async throws -> JSONValue {
        throw ErrorResponse.functionFailed("context.services is not served yet")
    }

    func log(_ text: String, isError: Bool) {
        let line = String(text.prefix(4096))
        if isError { logger.error("\(line)") } else { logger.info("\(line)") }
    }
}
