import Hummingbird
import RosterServer
import RosterServerCore

/// `groups/{groupId}/apps/{appId}/drafts[...]` and `deployments[...]`: an app's draft made,
/// listed, diffed, deployed and discarded, and its deployments read and served again
/// (`redeploy`), as App Services' Admin API serves them (realm-core's harness's `create_schema` with a draft; realm-cli's `push`).
/// Every change is in the audit trail with the operator.
enum AdminDraftRoutes {
    /// `app`: the group `groups/{groupId}/apps/{appId}`, behind `AdminCallerMiddleware`.
    static func add(to app: RouterGroup<RosterRequestContext>, _ drafts: AdminDrafts, audit: AuditTrail) {
        @Sendable func record(_ caller: AdminCaller, _ app: HostedApp, _ action: String, _ context: RosterRequestContext) async {
            await audit.recordAdmin(caller, app, action, context)
        }
        @Sendable func on(
            _ method: HTTPRequest.Method, _ path: String,
            _ handle: @escaping @Sendable (AdminCaller, String, RosterRequestContext) async throws -> RouteReply
        ) {
            app.on(RouterPath(path), method: method) { request, context -> Response in
                let caller = try AdminCaller.required()
                return try await handle(caller, try context.parameter("appId"), context).response(from: request, context: context)
            }
        }
        on(.post, "drafts") { caller, appId, context in
            let (hosted, draft) = try await drafts.create(app: appId, in: caller.groupId, by: caller.operatorId)
            await record(caller, hosted, "draft \(draft.id) created", context)
            return try .json(AdminDraftResponse(draft, of: hosted), status: 201)
        }
        on(.get, "drafts") { caller, appId, _ in
            let (hosted, list) = try await drafts.list(app: appId, in: caller.groupId)
            return try .json(list.map { AdminDraftResponse($0, of: hosted) })
        }
        on(.get, "drafts/:draftId") { caller, appId, context in
            let draftId = try context.parameter("draftId")
            let (hosted, list) = try await drafts.list(app: appId, in: caller.groupId)
            guard let draft = list.first(where: { $0.id == draftId.lowercased() }) else {
                throw AdminResourceError.notFound("DraftNotFound", "draft", id: draftId)
            }
            return try .json(AdminDraftResponse(draft, of: hosted))
        }
        on(.get, "drafts/:draftId/diff") { caller, appId, context in
            try .json(AdminDraftDiffResponse(diffs: try await drafts.diff(try context.parameter("draftId"), app: appId, in: caller.groupId)))
        }
        on(.delete, "drafts/:draftId") { caller, appId, context in
            let draftId = try context.parameter("draftId")
            let hosted = try await drafts.discard(draftId, app: appId, in: caller.groupId)
            await record(caller, hosted, "draft \(draftId.prefix(24)) discarded", context)
            return .noContent
        }
        on(.post, "drafts/:draftId/deployment") { caller, appId, context in
            let (hosted, deployment) = try await drafts.deploy(try context.parameter("draftId"), app: appId, in: caller.groupId, by: caller.operatorId)
            await record(caller, hosted, "draft \(deployment.draftId ?? "") deployed as \(deployment.id)", context)
            return try .json(AdminDeploymentResponse(deployment, of: hosted), status: 201)
        }
        on(.get, "deployments") { caller, appId, _ in
            let (hosted, list) = try await drafts.deployments(app: appId, in: caller.groupId)
            return try .json(list.map { AdminDeploymentResponse($0, of: hosted) })
        }
        on(.post, "deployments/:deploymentId/redeploy") { caller, appId, context in
            let (hosted, deployment) = try await drafts.redeploy(
                try context.parameter("deploymentId"), app: appId, in: caller.groupId, by: caller.operatorId)
            await record(caller, hosted, "deployment \(try context.parameter("deploymentId").prefix(24)) redeployed as \(deployment.id)", context)
            return .noContent
        }
        on(.get, "deployments/:deploymentId") { caller, appId, context in
            let (hosted, found) = try await drafts.deployment(try context.parameter("deploymentId"), app: appId, in: caller.groupId)
            return try .json(AdminDeploymentResponse(found, of: hosted))
        }
    }
}
