import Foundation
import RosterDocuments
import RosterServerCore
import RosterWire

/// `POST debug/execute_function?run_as_system=true`: an operator runs one of the app's
/// functions as the system user, as the SDK harnesses do to reach the app's data without a
/// user (realm-kotlin's `insertDocument`, `queryDocument`, `countDocuments`). The answer is App
/// Services': `{"result": …, "stats": {"execution_time": …}}`, and a function that throws
/// answers `{"error": {"message": …}}` in the same way, for the caller to read. The run is in the
/// app's log like any other. Running as a user (`user_id`) is refused by name: Roster runs a
/// function from the Admin API as the system only.
///
///     POST debug/execute_function?run_as_system=true {"name": "sum", "arguments": [1, 2]}
///     // {"result": 3, "stats": {"execution_time": "1.2ms"}}
struct AdminFunctionRuns: Sendable {
    let apps: AdminApps
    let served: ServedApps
    let functions: FunctionCallService
    let now: @Sendable () -> Date

    /// The body: the function's name and its arguments (Extended JSON); `service` names a
    /// service's own function, which Roster does not run this way.
    struct Request: Decodable, Sendable {
        var name: String
        var arguments: [JSONValue]?
        var service: String?
    }

    /// Whom the run is for, from the query: exactly one of `run_as_system=true` and `user_id`.
    static func checkCaller(runAsSystem: String?, userId: String?) throws(AdminResourceError) {
        if let userId, !userId.isEmpty {
            if runAsSystem != nil { throw .invalid("run_as_system", "cannot be given with user_id") }
            throw .invalid("user_id", "Roster runs a function from the Admin API as the system user only (run_as_system=true)")
        }
        guard runAsSystem == "true" else { throw .missing("run_as_system") }
    }

    func run(_ request: Request, app id: String, in groupId: String) async throws -> (HostedApp, JSONValue) {
        let hosted = try await apps.app(id, in: groupId)
        if let service = request.service, !service.isEmpty {
            throw AdminResourceError.invalid("service", "names a service's own function, which Roster does not run from the Admin API")
        }
        try ResourceName.check(request.name)
        guard let app = served[hosted.clientAppId] else { throw AdminResourceError.notFound("AppNotFound", "app", id: id) }
        let started = now()
        var answer: JSONObject
        do {
            let result = try await functions.runAsSystem(request.name, app: app, arguments: request.arguments ?? [])
            answer = ["result": ExtendedJSON.relaxed(result)]
        } catch let refusal as ErrorResponse where refusal.errorCode == ErrorCode.functionNotFound.rawValue {
            throw AdminResourceError(status: 404, code: refusal.errorCode, message: refusal.error)
        } catch let refusal as ErrorResponse {
            answer = ["error": ["message": .string(refusal.error), "error_code": .string(refusal.errorCode)]]
        }
        let milliseconds = max(0, now().timeIntervalSince(started) * 1000)
        answer["stats"] = ["execution_time": .string(String(format: "%.1fms", milliseconds))]
        return (hosted, .object(answer))
    }
}
