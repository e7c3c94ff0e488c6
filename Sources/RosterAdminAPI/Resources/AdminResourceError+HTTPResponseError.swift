import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RosterServer
import RosterWire

/// An `AdminResourceError` as the client reads it: the protocol's error JSON
/// (`{"error", "error_code", "link"}`) with its status, from whichever admin route throws it
/// (`ProtocolErrorAnswer`: the router keeps its code).
extension AdminResourceError: ProtocolErrorAnswer {
    public var status: HTTPResponse.Status { HTTPResponse.Status(code: httpStatus) }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = (try? WireCoding.encode(ErrorResponse(error: message, errorCode: code))) ?? Data()
        return Response(
            status: HTTPResponse.Status(code: httpStatus), headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
