import Foundation
import RosterDocuments
import RosterWire

extension FunctionCallService {
    /// Runs the app's JavaScript function `name` for the server itself rather than for a user
    /// (a log-in's authentication function, a confirmation or reset function): as the system
    /// user, whom no rule limits and whom its `context.user` names (`type: "system"`), with
    /// `arguments` (Extended JSON). What it throws is
    /// `FunctionRuntimeFailure.threw` with its text; what it returns is its answer, `null` when
    /// it returns nothing (a client reads BSON undefined there, the server's own readers null).
    /// The run is kept for the app's log as `origin` says (a trigger's, or a `FUNCTION`).
    package func runAsSystem(
        _ name: String, app: ServedApp, arguments: [JSONValue], request: FunctionRequest = FunctionRequest(), origin: FunctionRunOrigin = .function
    ) async throws -> JSONValue {
        guard var function = app.config.functions[name], function.isJavaScript else {
            throw ErrorResponse.functionNotFound(named: name)
        }
        function.runAsSystem = true
        let system = AuthorizedSession.system(app: app, at: Date())
        let answer = try await recorded(name, origin, app: app, userId: nil, request: request) { request in
            try await run(name, function, arguments: arguments, caller: system, request: request, depth: 0, asSystem: true)
        }
        return answer == ExtendedJSON.undefined ? .null : answer
    }
}
