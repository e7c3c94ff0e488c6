import Hummingbird
import RosterServer
import RosterServerCore
import RosterWire

/// `/api/private/v1.0/groups/{groupId}/apps/{appId}/…`: what realm-core's harness calls on App
/// Services' private API: `features` (GET `{enabled}`; POST `{action, feature_flags}`),
/// `settings` (GET; PATCH) and `sync/force_reset`, which needs Device Sync and is refused so
/// (as on the Admin API, where newer harnesses send it).
/// Every change is in the audit trail with the operator.
enum AdminPrivateRoutes {
    struct FeaturesRequest: Decodable {
        var action: String
        var featureFlags: [String]

        enum CodingKeys: String, CodingKey {
            case action
            case featureFlags = "feature_flags"
        }
    }

    struct FeaturesResponse: Encodable {
        var enabled: [String]
    }

    /// `app`: the group `groups/{groupId}/apps/{appId}` of the private API, behind `AdminCallerMiddleware`.
    static func add(to app: RouterGroup<RosterRequestContext>, _ settings: AdminPrivateSettings, audit: AuditTrail) {
        @Sendable func record(_ caller: AdminCaller, _ app: HostedApp, _ action: String, _ context: RosterRequestContext) async {
            await audit.recordAdmin(caller, app, action, context)
        }
        @Sendable func on(
            _ method: HTTPRequest.Method, _ path: String,
            _ handle: @escaping @Sendable (Request, AdminCaller, String, RosterRequestContext) async throws -> RouteReply
        ) {
            app.on(RouterPath(path), method: method) { request, context -> Response in
                let caller = try AdminCaller.required()
                return try await handle(request, caller, try context.parameter("appId"), context).response(from: request, context: context)
            }
        }
        on(.get, "features") { _, caller, appId, _ in
            try .json(FeaturesResponse(enabled: try await settings.read(app: appId, in: caller.groupId).enabledFlags))
        }
        on(.post, "features") { request, caller, appId, context in
            let body = try WireBody.decode(FeaturesRequest.self, from: try await request.collectedBody(within: context))
            guard ["enable", "disable"].contains(body.action) else { throw AdminResourceError.invalid("action", "must be 'enable' or 'disable'") }
            let hosted = try await settings.setFlags(body.featureFlags, enabled: body.action == "enable", app: appId, in: caller.groupId)
            await record(caller, hosted, "feature flags \(body.action)d: \(body.featureFlags.joined(separator: ", "))", context)
            return .noContent
        }
        on(.get, "settings") { _, caller, appId, _ in
            .json(try await settings.read(app: appId, in: caller.groupId).settings)
        }
        on(.patch, "settings") { request, caller, appId, context in
            let body = try WireBody.object(from: try await request.collectedBody(within: context))
            let hosted = try await settings.patch(body, app: appId, in: caller.groupId)
            await record(caller, hosted, "app settings changed: \((body.objectValue?.keys).map { $0.sorted().joined(separator: ", ") } ?? "")", context)
            return .noContent
        }
        on(.put, "sync/force_reset") { _, caller, appId, _ in
            _ = try await settings.read(app: appId, in: caller.groupId)
            throw AdminSyncAnswers.forceResetRefusal
        }
    }
}
