import Foundation
import Hummingbird
import NIOCore
import RosterWire

/// What a route answers when it succeeds: a status and, unless it is 204, a JSON body. A route
/// that fails throws instead (`ErrorResponse`, `RetryLater`).
struct RouteReply: ResponseGenerator, Sendable {
    var status: Int
    var body: Data?

    static func json<T: Encodable>(_ value: T, status: Int = 200) throws -> RouteReply {
        RouteReply(status: status, body: try WireCoding.encode(value))
    }

    /// A JSON document as it is, written exactly (a double stays `1.0`): what a function or
    /// data access answers.
    static func json(_ value: JSONValue, status: Int = 200) -> RouteReply {
        RouteReply(status: status, body: value.data)
    }

    static let noContent = RouteReply(status: 204, body: nil)
    static let created = RouteReply(status: 201, body: nil)

    func response(from request: Request, context: some RequestContext) -> Response {
        guard let body else { return Response(status: .init(code: status)) }
        return Response(
            status: .init(code: status), headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
