import Hummingbird
import RosterServer
import RosterServerCore

/// `groups/{groupId}/apps/{appId}/import`: a whole app directory applied to the app as realm-cli's
/// `push` sends it (`?strategy=replace-by-name`), or only compared with it (`&diff=true`, a list
/// of lines, as realm-cli shows before asking). An import is in the audit trail with the operator.
enum AdminImportRoutes {
    /// `app`: the group `groups/{groupId}/apps/{appId}`, behind `AdminCallerMiddleware`.
    static func add(to app: RouterGroup<RosterRequestContext>, _ imports: AdminImports, audit: AuditTrail) {
        app.post("import") { request, context -> RouteReply in
            let caller = try AdminCaller.required()
            let appId = try context.parameter("appId")
            let query = request.uri.queryParameters
            try AdminImports.checkStrategy(query.get("strategy"))
            let diff: Bool
            switch query.get("diff") {
            case nil, "false"?: diff = false
            case "true"?: diff = true
            case let other?: throw AdminResourceError.invalid("diff", "must be true or false, not '\(other.prefix(20))'")
            }
            let body = try await request.collectedBody(within: context)
            if diff { return try .json(try await imports.diff(body, app: appId, in: caller.groupId)) }
            let (hosted, notServed) = try await imports.apply(body, app: appId, in: caller.groupId)
            let into = hosted.draft.map { " into draft \($0.id)" } ?? ""
            let unserved = notServed.isEmpty ? "" : " (\(notServed.count) parts read and not served)"
            await audit.recordAdmin(caller, hosted, "app imported\(into)\(unserved)", context)
            return .noContent
        }
    }
}
