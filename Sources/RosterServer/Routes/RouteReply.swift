import Foundation
import Hummingbird
import NIOCore
import RosterServerCore
import RosterWire

/// What a route answers when it succeeds: a status and, unless it is 204, a JSON body. A route
/// that fails throws instead (`ErrorResponse`, `RetryLater`).
package struct RouteReply: ResponseGenerator, Sendable {
    package var status: Int
    package var body: Data?

    package static func json<T: Encodable>(_ value: T, status: Int = 200) throws -> RouteReply {
        RouteReply(status: status, body: try WireCoding.encode(value))
    }

    /// A JSON document as it is, written exactly (a double stays `1.0`): what a function or
    /// data access answers.
    package static func json(_ value: JSONValue, status: Int = 200) -> RouteReply {
        RouteReply(status: status, body: value.data)
    }

    package static let noContent = RouteReply(status: 204, body: nil)
    package static let created = RouteReply(status: 201, body: nil)

    package func response(from request: Request, context: some RequestContext) -> Response {
        guard let body else { return Response(status: .init(code: status)) }
        return Response(
            status: .init(code: status), headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    package init(status: Int, body: Data? = nil) {
        self.status = status
        self.body = body
    }
}
