import Hummingbird
import RosterServer

/// `groups/{groupId}/apps/{appId}/logs`: an app's log as App Services' Admin API serves it
/// (realm-cli's `logs list`, realm-core's harness's `get_errors`), from `AppLogs`. Reading it
/// changes nothing, so it is not in the audit trail.
enum AdminLogRoutes {
    /// `app`: the group `groups/{groupId}/apps/{appId}`, behind `AdminCallerMiddleware`.
    static func add(to app: RouterGroup<RosterRequestContext>, _ logs: AppLogs) {
        app.get("logs") { request, context -> RouteReply in
            let caller = try AdminCaller.required()
            let query = try AppLogQuery { request.uri.queryParameters.getAll($0) }
            return try .json(try await logs.page(query, app: try context.parameter("appId"), in: caller.groupId))
        }
    }
}
