import Foundation
import Hummingbird
import RosterServer
import RosterServerCore
import RosterWire

/// `groups/{groupId}/apps/{appId}/user_registrations[...]`: an app's registrations not yet
/// confirmed, as App Services' Admin API serves them (`pending_users`, and by email `confirm`,
/// `send_confirm`, `run_confirm` and delete). Every change is in the audit trail with the
/// operator.
enum AdminPendingUserRoutes {
    /// `app`: the group `groups/{groupId}/apps/{appId}`, behind `AdminCallerMiddleware`.
    static func add(to app: RouterGroup<RosterRequestContext>, _ pending: AdminPendingUsers, audit: AuditTrail) {
        @Sendable func record(_ caller: AdminCaller, _ app: HostedApp, _ action: String, _ context: RosterRequestContext) async {
            await audit.recordAdmin(caller, app, action, context)
        }
        @Sendable func on(
            _ method: HTTPRequest.Method, _ path: String, _ handle: @escaping @Sendable (Request, RosterRequestContext) async throws -> RouteReply
        ) {
            app.on(RouterPath(path), method: method, use: handle)
        }
        on(.get, "user_registrations/pending_users") { request, context -> RouteReply in
            let caller = try AdminCaller.required()
            let after = request.uri.queryParameters.get("after")
            let (hosted, list) = try await pending.list(after: after, app: try context.parameter("appId"), in: caller.groupId)
            return try .json(list.map { AdminPendingUser($0, in: hosted) })
        }
        on(.post, "user_registrations/by_email/:email/confirm") { _, context -> RouteReply in
            let caller = try AdminCaller.required()
            let email = try AdminPendingUsers.email(try context.parameter("email"))
            let hosted = try await pending.confirm(email: email, app: try context.parameter("appId"), in: caller.groupId)
            await record(caller, hosted, "pending user \(email) confirmed", context)
            return .noContent
        }
        on(.delete, "user_registrations/by_email/:email") { _, context -> RouteReply in
            let caller = try AdminCaller.required()
            let email = try AdminPendingUsers.email(try context.parameter("email"))
            let hosted = try await pending.delete(email: email, app: try context.parameter("appId"), in: caller.groupId)
            await record(caller, hosted, "pending user \(email) deleted", context)
            return .noContent
        }
        on(.post, "user_registrations/by_email/:email/send_confirm") { _, context -> RouteReply in
            let caller = try AdminCaller.required()
            let email = try AdminPendingUsers.email(try context.parameter("email"))
            let hosted = try await pending.sendConfirmation(email: email, app: try context.parameter("appId"), in: caller.groupId, for: caller)
            await record(caller, hosted, "confirmation sent to pending user \(email)", context)
            return .noContent
        }
        on(.post, "user_registrations/by_email/:email/run_confirm") { _, context -> RouteReply in
            let caller = try AdminCaller.required()
            let email = try AdminPendingUsers.email(try context.parameter("email"))
            let hosted = try await pending.runConfirmation(email: email, app: try context.parameter("appId"), in: caller.groupId, for: caller)
            await record(caller, hosted, "confirmation function run for pending user \(email)", context)
            return RouteReply(status: 202, body: nil)
        }
    }
}
