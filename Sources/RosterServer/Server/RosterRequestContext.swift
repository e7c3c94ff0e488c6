import Foundation
import Hummingbird
import HummingbirdAuth
import Logging
import RosterServerCore
import RosterWire

/// Where a request came from, as the router needs it: a logger, and the client's address when
/// it came over the network. The in-process responder and the HTTP server both make one, so the
/// same router serves both.
package struct RosterContextSource: RequestContextSource {
    package let logger: Logger
    package let clientAddress: String?
    /// The base of the links the request's answer may hold: from configuration, never from
    /// the request.
    package let publicBase: PublicURL
    /// The connection's news of its client leaving; nil in-process.
    package let clientGone: ClientGone?
    package init(logger: Logger, clientAddress: String? = nil, publicBase: PublicURL = .inProcess, clientGone: ClientGone? = nil) {
        self.logger = logger
        self.clientAddress = clientAddress
        self.publicBase = publicBase
        self.clientGone = clientGone
    }
}

/// The request context of Roster's router: where the request came from, and what middleware
/// learned on its way to the route: the body limit in force (`RequestBodyMiddleware`), the
/// served app (`ServedAppMiddleware`, or the app of the caller's token), the provider
/// (`EnabledProviderMiddleware`) and the caller (`SessionAuthenticator`).
///
///     let caller = try context.caller()       // under a SessionAuthenticator
///     let app = try context.servedApp()       // under /app/{appId}/…
package struct RosterRequestContext: AuthRequestContext {
    package typealias Source = RosterContextSource
    package var coreContext: CoreRequestContextStorage
    /// The client's IP address; `in-process` for a request that came without a network.
    package let clientAddress: String
    /// The base of every link written in answer (`PublicURL`).
    package let publicBase: PublicURL
    /// The largest body the route accepts: the largest of any app, then the app's own.
    package var maxUploadSize: Int
    /// The app the request is for.
    package var app: ServedApp?
    /// The provider a log-in or account route is for (`EnabledProviderMiddleware`).
    package var provider: ProviderType?
    /// The caller its bearer token proved.
    package var identity: AuthorizedSession?
    /// The connection's news of its client leaving; nil in-process.
    package let clientGone: ClientGone?

    package init(source: RosterContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        clientAddress = source.clientAddress ?? "in-process"
        publicBase = source.publicBase
        clientGone = source.clientGone
        maxUploadSize = 2 * 1024 * 1024
    }
}

extension RosterRequestContext {
    /// The app of the route; only reached under `ServedAppMiddleware` or an authenticator.
    package func servedApp() throws(ErrorResponse) -> ServedApp {
        guard let app else { throw .internalError() }
        return app
    }

    /// The provider of the route; only reached under `EnabledProviderMiddleware`.
    package func enabledProvider() throws(ErrorResponse) -> ProviderType {
        guard let provider else { throw .internalError() }
        return provider
    }

    /// The caller; only reached under a `SessionAuthenticator`.
    package func caller() throws(ErrorResponse) -> AuthorizedSession {
        guard let identity else { throw .invalidSession(ErrorResponse.Text.mustAuthenticate) }
        return identity
    }

    /// A path parameter the router matched.
    package func parameter(_ name: String) -> String {
        parameters.get(name) ?? ""
    }
}
