import Foundation
import Hummingbird
import RosterServer
import RosterServerCore
import RosterWire

/// `/api/admin/v3.0/groups/{groupId}/apps[/{appId}]`: the apps the database holds, made,
/// listed, read and deleted by an operator of the group. Another group's app is AppNotFound, as
/// an app that does not exist. Every change is in the audit trail with the operator.
enum AdminAppRoutes {
    /// `groups`: the routes under `groups/{groupId}`, behind `AdminCallerMiddleware`.
    static func add(to groups: RouterGroup<RosterRequestContext>, _ apps: AdminApps, audit: AuditTrail) {
        @Sendable func caller(_ request: Request, _ context: RosterRequestContext) async throws -> AdminCaller {
            try AdminCaller.required()
        }
        @Sendable func record(_ caller: AdminCaller, _ app: HostedApp, _ action: String, _ context: RosterRequestContext) async {
            await audit.recordAdmin(caller, app, action, context)
        }
        groups.post("apps") { request, context -> RouteReply in
            let caller = try await caller(request, context)
            let body = try WireBody.decode(CreateAppRequest.self, from: try await request.collectedBody(within: context))
            let product = request.uri.queryParameters.get("product")
            let app = try await apps.create(name: body.name, product: product, in: caller.groupId)
            await record(caller, app, "app created", context)
            return try .json(AdminAppResponse(app), status: 201)
        }
        groups.get("apps") { request, context -> RouteReply in
            let caller = try await caller(request, context)
            // realm-cli lists each product in turn (none, `atlas`, `data-api`) to find an app by
            // name: an app is listed under the product it was made for, none meaning `standard`.
            let product = request.uri.queryParameters.get("product") ?? "standard"
            return try .json(try await apps.list(in: caller.groupId).filter { $0.product == product }.map(AdminAppResponse.init))
        }
        groups.get("apps/:appId") { request, context -> RouteReply in
            let caller = try await caller(request, context)
            return try .json(AdminAppResponse(try await apps.app(try context.parameter("appId"), in: caller.groupId)))
        }
        groups.delete("apps/:appId") { request, context -> RouteReply in
            let caller = try await caller(request, context)
            let app = try await apps.delete(try context.parameter("appId"), in: caller.groupId)
            await record(caller, app, "app deleted", context)
            return .noContent
        }
    }
}
