import Foundation
import Hummingbird
import RosterServer
import RosterServerCore
import RosterWire

/// `groups/{groupId}/apps/{appId}/users[...]`: an app's users as App Services' Admin API
/// serves them (list, read, create with email and password, delete, `logout`, `disable`,
/// `enable`, `verify_token`). Every change is in the audit trail with the operator.
enum AdminUserRoutes {
    struct CreateUserRequest: Decodable {
        var email: String
        var password: String
    }

    struct VerifyTokenRequest: Decodable {
        var token: String
    }

    /// `app`: the group `groups/{groupId}/apps/{appId}`, behind `AdminCallerMiddleware`.
    static func add(to app: RouterGroup<RosterRequestContext>, _ users: AdminAppUsers, audit: AuditTrail) {
        @Sendable func record(_ caller: AdminCaller, _ app: HostedApp, _ action: String, _ context: RosterRequestContext) async {
            await audit.recordAdmin(caller, app, action, context)
        }
        @Sendable func on(
            _ method: HTTPRequest.Method, _ path: String, _ handle: @escaping @Sendable (Request, RosterRequestContext) async throws -> RouteReply
        ) {
            app.on(RouterPath(path), method: method, use: handle)
        }
        on(.get, "users") { request, context -> RouteReply in
            let caller = try AdminCaller.required()
            let after = request.uri.queryParameters.get("after")
            let (_, list) = try await users.list(after: after, app: try context.parameter("appId"), in: caller.groupId)
            return try .json(list.map(AdminAppUser.init))
        }
        on(.post, "users") { request, context -> RouteReply in
            let caller = try AdminCaller.required()
            let body = try WireBody.decode(CreateUserRequest.self, from: try await request.collectedBody(within: context))
            let (hosted, user) = try await users.create(
                email: body.email, password: body.password, app: try context.parameter("appId"), in: caller.groupId)
            await record(caller, hosted, "user \(user.id) created", context)
            return try .json(AdminAppUser(user), status: 201)
        }
        on(.post, "users/verify_token") { request, context -> RouteReply in
            let caller = try AdminCaller.required()
            let body = try WireBody.decode(VerifyTokenRequest.self, from: try await request.collectedBody(within: context))
            return try .json(try await users.verify(body.token, app: try context.parameter("appId"), in: caller.groupId))
        }
        on(.get, "users/:userId") { _, context -> RouteReply in
            let caller = try AdminCaller.required()
            let (_, user) = try await users.user(try context.parameter("userId"), app: try context.parameter("appId"), in: caller.groupId)
            return try .json(AdminAppUser(user))
        }
        on(.delete, "users/:userId") { _, context -> RouteReply in
            let caller = try AdminCaller.required()
            let userId = try context.parameter("userId")
            let hosted = try await users.delete(userId, app: try context.parameter("appId"), in: caller.groupId)
            await record(caller, hosted, "user \(userId) deleted", context)
            return .noContent
        }
        on(.put, "users/:userId/logout") { _, context -> RouteReply in
            let caller = try AdminCaller.required()
            let userId = try context.parameter("userId")
            let hosted = try await users.logOut(userId, app: try context.parameter("appId"), in: caller.groupId)
            await record(caller, hosted, "user \(userId) logged out", context)
            return .noContent
        }
        for (path, disabled) in [("enable", false), ("disable", true)] {
            on(.put, "users/:userId/\(path)") { _, context -> RouteReply in
                let caller = try AdminCaller.required()
                let userId = try context.parameter("userId")
                let hosted = try await users.setDisabled(disabled, userId, app: try context.parameter("appId"), in: caller.groupId)
                await record(caller, hosted, "user \(userId) \(path)d", context)
                return .noContent
            }
        }
    }
}
