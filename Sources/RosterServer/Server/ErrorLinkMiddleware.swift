import Hummingbird
import RosterServerCore
import RosterWire

/// Gives an error answer on an app's client routes (`/api/client/v2.0/app/{appId}/…`) its
/// `link`, as App Services does: the app's log of this request (`RequestLogLinks`), which shows
/// what the request left in the audit trail and the function runs it made. A request whose path
/// names no app (the session routes, `/auth/profile`), or an app no log is kept for, keeps
/// `link` empty. It sits inside `RequestIdMiddleware`, whose id it reads
/// (`RequestCorrelation`), and outside `ProtocolErrorMiddleware`, whose errors it completes.
package struct ErrorLinkMiddleware: RouterMiddleware {
    package typealias Context = RosterRequestContext
    package let links: RequestLogLinks

    package init(links: RequestLogLinks) {
        self.links = links
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch var error as ErrorResponse {
            if error.link.isEmpty, let link = link(for: request, context) { error.link = link }
            throw error
        } catch var answer as RetryLaterAnswer {
            if let link = link(for: request, context) { answer.link = link }
            throw answer
        }
    }

    private func link(for request: Request, _ context: Context) -> String? {
        guard let requestId = RequestCorrelation.id, let appId = Self.clientAppId(inPath: request.uri.path) else { return nil }
        return links.link(clientAppId: appId, requestId: requestId, base: context.publicBase)
    }

    /// The client app id a client route's path names; nil for any other path.
    package static func clientAppId(inPath path: String) -> String? {
        let prefix = Route.base + "/app/"
        guard path.hasPrefix(prefix) else { return nil }
        let id = path.dropFirst(prefix.count).prefix { $0 != "/" }
        return id.isEmpty ? nil : String(id)
    }
}
