import Foundation
import Hummingbird
import RosterWire

/// What the routes call.
struct RouteServices: Sendable {
    let audit: AuditTrail
    let login: LoginService
    let sessions: SessionService
    let apiKeys: APIKeyService
    let emailPassword: EmailPasswordService
    let functions: FunctionCallService

    /// Runs `route` with the body `RequestBodyMiddleware` read; what it throws the router
    /// answers as the protocol's error JSON.
    func handle(
        _ request: Request, _ context: RosterRequestContext, _ route: (IncomingRequest) async throws -> RouteReply
    ) async throws -> RouteReply {
        let body = try await request.collectedBody(within: context)
        return try await route(IncomingRequest(request: request, context: context, body: body))
    }

    /// Checks the body against the app's own limit.
    static func checkSize(_ body: Data, app: ServedApp) throws(ErrorResponse) {
        guard body.count <= app.config.maxRequestBytes else { throw .payloadTooLarge(limit: app.config.maxRequestBytes) }
    }
}
