import Foundation
import HTTPTypes
import Hummingbird
import Logging
import RosterServerCore

// Kept instead of Hummingbird's `LogRequestsMiddleware`, which logs each request's raw URI as
// it arrives (an account page's reset token rides in its query) and never its status or
// duration; the ids are Hummingbird's `RequestID`.

/// The outermost middleware: gives each request an id that every log line of the request
/// carries (`request.id`) and that the response answers in `X-Request-Id`, so a client's
/// complaint and a proxy's log meet the server's. A well-formed id the request brings (a proxy's,
/// a client's) is kept; any other is replaced by a new Hummingbird `RequestID` (a random prefix
/// drawn once a process, written without leading zeros, then a 16-digit counter: 17 to 32 hex
/// digits). The id is bound as `RequestCorrelation.id` while the request is served, so the audit
/// entries it makes keep it. Each answered request is logged once with its
/// method, route pattern (never the raw path or query, which hold ids and tokens), status and
/// duration; no header and no body is ever logged.
package struct RequestIdMiddleware: RouterMiddleware {
    package typealias Context = RosterRequestContext
    package static let header = HTTPField.Name("X-Request-Id")!
    package static let maxLength = 128

    package init() {}

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let id = request.headers[Self.header].flatMap(Self.wellFormed) ?? RequestID().description
        var context = context
        context.logger[metadataKey: "request.id"] = .string(id)
        let started = ContinuousClock.now
        let logger = context.logger
        func answered(_ status: HTTPResponse.Status, route: String?) {
            let elapsed = ContinuousClock.now - started
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            logger.info(
                "request answered",
                metadata: [
                    "http.method": .string(request.method.rawValue), "http.route": .string(route ?? "unmatched"),
                    "http.status": .stringConvertible(status.code), "duration.ms": .string(String((milliseconds * 10).rounded() / 10)),
                ])
        }
        do {
            var response = try await RequestCorrelation.$id.withValue(id) { try await next(request, context) }
            response.headers[Self.header] = id
            answered(response.status, route: context.endpointPath)
            return response
        } catch let error as any HTTPResponseError {
            var response = try error.response(from: request, context: context)
            response.headers[Self.header] = id
            answered(response.status, route: context.endpointPath)
            return response
        }
    }

    /// The id when it is 1 to 128 characters of letters, digits and `-_.:`; nil otherwise, so
    /// nothing a client sends can break a log line.
    package static func wellFormed(_ id: String) -> String? {
        guard (1...maxLength).contains(id.utf8.count),
            id.utf8.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x3A
            })
        else { return nil }
        return id
    }
}
