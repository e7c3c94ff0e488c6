import Foundation
import Hummingbird
import RosterWire

/// The parts of a request routes read, after the body has been read within the size limit.
struct IncomingRequest: Sendable {
    var request: Request
    var context: RosterRequestContext
    var body: Data

    /// The token of an `Authorization: Bearer <token>` header.
    func bearerToken() throws(ErrorResponse) -> String {
        guard let header = request.headers[.authorization] else {
            throw .invalidSession(ErrorResponse.Text.mustAuthenticate)
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else {
            throw .invalidSession("the Authorization header must be 'Bearer <token>'")
        }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }

    /// A path parameter the router matched.
    func parameter(_ name: String) -> String {
        context.parameters.get(name) ?? ""
    }

    /// The base URL the client reached the server at: as a trusted proxy forwarded it, else
    /// scheme and Host of the request, or `http://127.0.0.1` when the request came in-process
    /// without one.
    var baseURL: String {
        if let forwarded = context.forwardedBase { return forwarded }
        let host = request.head.authority ?? "127.0.0.1"
        return "\(request.head.scheme ?? "http")://\(host)"
    }
}
