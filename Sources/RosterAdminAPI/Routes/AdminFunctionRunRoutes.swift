import Foundation
import Hummingbird
import RosterServer
import RosterServerCore
import RosterWire

/// `groups/{groupId}/apps/{appId}/debug/execute_function`: one of the app's functions run by an
/// operator as the system user (`AdminFunctionRuns`); each run is in the audit trail with the
/// operator.
enum AdminFunctionRunRoutes {
    /// `app`: the group `groups/{groupId}/apps/{appId}`, behind `AdminCallerMiddleware`.
    static func add(to app: RouterGroup<RosterRequestContext>, _ runs: AdminFunctionRuns, audit: AuditTrail) {
        app.post("debug/execute_function") { request, context -> RouteReply in
            let caller = try AdminCaller.required()
            let query = request.uri.queryParameters
            try AdminFunctionRuns.checkCaller(runAsSystem: query.get("run_as_system"), userId: query.get("user_id"))
            let body = try await request.body.collect(upTo: AdminResourceLimits.maxBodyBytes)
            let call = try AdminRequestBody.decode(AdminFunctionRuns.Request.self, from: Data(body.readableBytesView))
            let (hosted, answer) = try await runs.run(call, app: try context.parameter("appId"), in: caller.groupId)
            await audit.recordAdmin(caller, hosted, "function '\(call.name)' run as system", context)
            return try .json(answer)
        }
    }
}
