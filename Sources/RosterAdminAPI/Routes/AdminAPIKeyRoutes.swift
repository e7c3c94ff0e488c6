import Foundation
import Hummingbird
import RosterServer
import RosterServerCore
import RosterWire

/// `groups/{groupId}/apps/{appId}/api_keys[...]`: an app's server API keys as App Services'
/// Admin API serves them (create with `name`, list, read, `enable`, `disable`, delete), from
/// `ServerAPIKeys`. Every change is in the audit trail with the operator; no key is.
enum AdminAPIKeyRoutes {
    struct CreateKeyRequest: Decodable {
        var name: String?
    }

    /// `app`: the group `groups/{groupId}/apps/{appId}`, behind `AdminCallerMiddleware`.
    static func add(to app: RouterGroup<RosterRequestContext>, _ keys: ServerAPIKeys, audit: AuditTrail) {
        @Sendable func record(_ caller: AdminCaller, _ app: HostedApp, _ action: String, _ context: RosterRequestContext) async {
            await audit.recordAdmin(caller, app, action, context)
        }
        app.get("api_keys") { _, context -> RouteReply in
            let caller = try AdminCaller.required()
            return try .json(try await keys.list(app: try context.parameter("appId"), in: caller.groupId))
        }
        app.post("api_keys") { request, context -> RouteReply in
            let caller = try AdminCaller.required()
            let body = try WireBody.decode(CreateKeyRequest.self, from: try await request.collectedBody(within: context))
            let (hosted, made) = try await keys.create(name: body.name, app: try context.parameter("appId"), in: caller.groupId)
            await record(caller, hosted, "server API key \(made.id) created", context)
            return try .json(made, status: 201)
        }
        app.get("api_keys/:keyId") { _, context -> RouteReply in
            let caller = try AdminCaller.required()
            return try .json(try await keys.key(try context.parameter("keyId"), app: try context.parameter("appId"), in: caller.groupId))
        }
        app.delete("api_keys/:keyId") { _, context -> RouteReply in
            let caller = try AdminCaller.required()
            let keyId = try context.parameter("keyId")
            let hosted = try await keys.delete(keyId, app: try context.parameter("appId"), in: caller.groupId)
            await record(caller, hosted, "server API key \(keyId) deleted", context)
            return .noContent
        }
        for (path, disabled) in [("enable", false), ("disable", true)] {
            app.put("api_keys/:keyId/\(path)") { _, context -> RouteReply in
                let caller = try AdminCaller.required()
                let keyId = try context.parameter("keyId")
                let hosted = try await keys.setDisabled(disabled, keyId, app: try context.parameter("appId"), in: caller.groupId)
                await record(caller, hosted, "server API key \(keyId) \(path)d", context)
                return .noContent
            }
        }
    }
}
