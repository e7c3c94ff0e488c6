import Foundation
import RosterWire

/// What a route answers: a status and, unless it is 204, a JSON body.
struct RouteReply: Sendable {
    var status: Int
    var body: Data?
    /// Seconds a refused client should wait before trying again (`Retry-After`).
    var retryAfter: Int?

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

    static func error(_ error: ErrorResponse) -> RouteReply {
        let status = error.code?.httpStatus ?? 500
        let body = (try? WireCoding.encode(error)) ?? Data(#"{"error":"internal server error","error_code":"InternalServerError","link":""}"#.utf8)
        return RouteReply(status: status, body: body)
    }
}
