import Foundation
import Hummingbird
import Logging
import NIOCore
import RosterWire

/// What the routes call, and the one place a route's outcome becomes an HTTP response: every
/// failure turns into the protocol's error JSON, and nothing internal leaks into it.
struct RouteServices: Sendable {
    let audit: AuditTrail
    let login: LoginService
    let sessions: SessionService
    let apiKeys: APIKeyService
    let emailPassword: EmailPasswordService
    let functions: FunctionCallService
    /// The largest body any served app accepts; app routes then apply their app's own limit.
    let maxRequestBytes: Int

    /// Reads the body within the size limit, runs `route`, and encodes its reply or error.
    func handle(
        _ request: Request, _ context: RosterRequestContext, _ route: (IncomingRequest) async throws -> RouteReply
    ) async -> Response {
        var reply: RouteReply
        do {
            let body = try await Self.readBody(of: request, limit: maxRequestBytes)
            reply = try await route(IncomingRequest(request: request, context: context, body: body))
        } catch let error as ErrorResponse {
            reply = .error(error)
        } catch let refusal as RetryLater {
            reply = .error(refusal.response)
            reply.retryAfter = refusal.retryAfterSeconds
        } catch {
            // The type only: an error's text could carry request data.
            context.logger.error("request failed", metadata: ["error.type": "\(type(of: error))"])
            reply = .error(.internalError())
        }
        return Self.response(reply)
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

    static func response(_ reply: RouteReply) -> Response {
        var headers: HTTPFields = [:]
        if let seconds = reply.retryAfter { headers[.retryAfter] = String(seconds) }
        guard let body = reply.body else { return Response(status: .init(code: reply.status), headers: headers) }
        headers[.contentType] = "application/json"
        return Response(status: .init(code: reply.status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
