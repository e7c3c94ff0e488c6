import Foundation
import Hummingbird
import Logging
import NIOCore
import RosterWire

/// What the routes call.
struct RouteServices: Sendable {
    let audit: AuditTrail
    let login: LoginService
    let sessions: SessionService
    let apiKeys: APIKeyService
    let emailPassword: EmailPasswordService
    let functions: FunctionCallService
    /// The largest body any served app accepts; app routes then apply their app's own limit.
    let maxRequestBytes: Int

    /// Reads the body within the size limit and runs `route`; what it throws the router
    /// answers as the protocol's error JSON.
    func handle(
        _ request: Request, _ context: RosterRequestContext, _ route: (IncomingRequest) async throws -> RouteReply
    ) async throws -> RouteReply {
        let body = try await Self.readBody(of: request, limit: maxRequestBytes)
        return try await route(IncomingRequest(request: request, context: context, body: body))
    }

    /// Checks the body against the app's own limit.
    static func checkSize(_ body: Data, app: ServedApp) throws(ErrorResponse) {
        guard body.count <= app.config.maxRequestBytes else { throw .payloadTooLarge(limit: app.config.maxRequestBytes) }
    }

    static func readBody(of request: Request, limit: Int) async throws -> Data {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw ErrorResponse.payloadTooLarge(limit: limit)
        }
        var collected = ByteBuffer()
        do {
            for try await chunk in request.body {
                guard collected.readableBytes + chunk.readableBytes <= limit else {
                    throw ErrorResponse.payloadTooLarge(limit: limit)
                }
                var chunk = chunk
                collected.writeBuffer(&chunk)
            }
        } catch let error as ErrorResponse {
            throw error
        } catch {
            throw ErrorResponse.badRequest("the request body could not be read")
        }
        return Data(collected.readableBytesView)
    }
}
