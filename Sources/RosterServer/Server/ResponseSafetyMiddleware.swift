import HTTPTypes
import Hummingbird
import RosterServerCore

/// The headers every answer of the server carries, set in one place, outside every other
/// middleware so that error answers and the router's own 404 carry them too:
/// - `Cache-Control: no-store` unless the route named its own caching: answers carry tokens
///   (log-ins, refreshes, links, API keys, device log-ins) and a person's data, which no cache
///   between client and server may keep.
/// - `Strict-Transport-Security` when the configured public URL is `https`: a browser that met
///   the server once never speaks plain HTTP to it again (`maxAgeSeconds`). Not sent for an
///   `http` public URL, where it would mean nothing.
/// - `Retry-After` on every 503, its own or `RetryAfter.defaultSeconds`: a 503 is a failure that
///   may pass (a store gone or full, the server at capacity).
package struct ResponseSafetyMiddleware: RouterMiddleware {
    package typealias Context = RosterRequestContext
    /// A year, as browsers' preload lists ask; no `includeSubDomains`, since the server cannot
    /// speak for other hosts.
    package static let maxAgeSeconds = 31_536_000
    package static let strictTransportSecurity = HTTPField.Name("Strict-Transport-Security")!

    /// Whether answers carry `Strict-Transport-Security`.
    package let sendsStrictTransportSecurity: Bool

    /// HSTS is sent when `publicURL` is configured and `https`.
    package init(publicURL: PublicURL?) {
        sendsStrictTransportSecurity = publicURL?.text.hasPrefix("https://") == true
    }

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        if sendsStrictTransportSecurity { response.headers[Self.strictTransportSecurity] = "max-age=\(Self.maxAgeSeconds)" }
        if response.status.code == 503, response.headers[.retryAfter] == nil {
            response.headers[.retryAfter] = String(RetryAfter.defaultSeconds)
        }
        return response
    }
}
