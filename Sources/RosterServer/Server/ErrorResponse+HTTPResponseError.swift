import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RosterServerCore
import RosterWire

/// The one place an error becomes what the client reads: the protocol's error JSON
/// (`{"error", "error_code", "link"}`, docs/PROTOCOL.md) with the status of its code. Routes
/// and middleware simply throw an `ErrorResponse`; the router answers it.
///
///     throw ErrorResponse.appNotFound(appId)   // 404 {"error_code": "AppNotFound", …}
extension ErrorResponse: HTTPResponseError {
    public var status: HTTPResponse.Status { HTTPResponse.Status(code: code?.httpStatus ?? 500) }

    public func response(from request: Request, context: some RequestContext) -> Response {
        jsonResponse()
    }

    /// The error as a response, with `Retry-After` when the client may come back later.
    package func jsonResponse(retryAfter seconds: Int? = nil) -> Response {
        var headers: HTTPFields = [:]
        if let seconds { headers[.retryAfter] = String(seconds) }
        headers[.contentType] = "application/json"
        let body = (try? WireCoding.encode(self))
            ?? Data(#"{"error":"internal server error","error_code":"InternalServerError","link":""}"#.utf8)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
