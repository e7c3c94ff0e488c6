import HTTPTypes
import Hummingbird
import RosterServerCore
import RosterWire

/// CORS for the client API (`/api/client/v2.0/…`), so a page on another origin can call it as
/// it called App Services: Hummingbird's `CORSMiddleware` answers a preflight (`OPTIONS` with
/// `Origin`) 204 with the request's origin, the methods and headers the SDKs send, how long
/// the answer may be kept and `Vary: Origin`, and adds the origin to every other answer, errors
/// included. It sits outside `ProtocolErrorMiddleware`, so it sees the final error answer.
///
/// An app's `allowedRequestOrigins` narrows this (`RequestOrigins`): a preflight whose origin the
/// app in its path does not allow (or, for a path without an app, that no served app allows)
/// is refused 403 AccessDenied without any CORS header; the real request is checked against its
/// own app where the app is known (`RequestOriginCheck`), and its refusal carries no CORS
/// header either. Other paths (pages, health) and requests without `Origin` are untouched.
package struct ClientCORSMiddleware: RouterMiddleware {
    package typealias Context = RosterRequestContext
    /// What realm-web and the other SDKs send (realm-web: `Content-Type`, `Accept`,
    /// `Authorization`), and what a proxy or page may add.
    package static let allowedHeaders: [HTTPField.Name] = [
        .accept, .authorization, .contentType, .origin, HTTPField.Name("X-Requested-With")!, RequestIdMiddleware.header,
    ]
    package static let allowedMethods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]
    /// How long a browser keeps a preflight's answer.
    package static let maxAgeSeconds: Int64 = 600

    /// What a page may read of an answer beyond the simple headers: the provider's address of
    /// a browser sign-in fetched with `providerRedirectHeader=true` (`RedirectReply`). Said on
    /// the answer itself, where browsers read it (`CORSMiddleware` says it on preflights only).
    package static let exposedHeaders = RedirectReply.locationHeader.canonicalName

    private let cors = CORSMiddleware<RosterRequestContext>(
        allowOrigin: .originBased, allowHeaders: Self.allowedHeaders, allowMethods: Self.allowedMethods,
        maxAge: .seconds(Self.maxAgeSeconds))
    private let apps: ServedApps

    package init(apps: ServedApps) {
        self.apps = apps
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard let origin = request.headers[.origin], path.hasPrefix(Route.base + "/") else { return try await next(request, context) }
        if request.method == .options, !preflightAllowed(origin: origin, path: path) {
            context.logger.notice("preflight origin not allowed", metadata: ["origin": "\(String(origin.prefix(256)))"])
            throw ErrorResponse.originNotAllowed()
        }
        // A refusal of the origin below must not be answered with the origin's CORS headers.
        var refused: ErrorResponse?
        do {
            var response = try await cors.handle(request, context: context) { request, context in
                do {
                    return try await next(request, context)
                } catch let error as ErrorResponse where error.code == .accessDenied {
                    refused = error
                    throw error
                }
            }
            if request.method != .options, response.headers[.accessControlAllowOrigin] != nil {
                response.headers[.accessControlExposeHeaders] = Self.exposedHeaders
            }
            return response
        } catch {
            if let refused { throw refused }
            throw error
        }
    }

    /// Whether a preflight from `origin` to `path` is answered with CORS headers: the app the
    /// path names decides; a path without a served app, any served app that allows the origin.
    private func preflightAllowed(origin: String, path: String) -> Bool {
        let appPrefix = Route.base + "/app/"
        if path.hasPrefix(appPrefix) {
            let appId = path.dropFirst(appPrefix.count).prefix { $0 != "/" }
            if let app = apps[String(appId)] { return app.requestOrigins.allows(origin) }
        }
        return apps.values.contains { $0.requestOrigins.allows(origin) }
    }
}
