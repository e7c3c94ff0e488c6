import RosterServerCore
import Synchronization

/// What writes an error answer's `link`: the address of an app's log of one client request, or
/// nil where the server keeps no log of that app that a person could open. The Admin API gives
/// one when it is added to a server (`AppLogLinks`); without it every `link` stays empty.
package protocol RequestLogLinking: Sendable {
    /// `base`: the client API's public base, for a log served beside it.
    func link(clientAppId: String, requestId: String, base: PublicURL) -> String?
}

/// The server's `RequestLogLinking`, given by a route addition as the router is built and read
/// by `ErrorLinkMiddleware` at each error answer. Only the reference is held under the lock; the
/// link is written outside it.
///
///     services.logLinks.use(AppLogLinks(…))
///     services.logLinks.link(clientAppId: "kiosk-abcde", requestId: id, base: context.publicBase)
package final class RequestLogLinks: Sendable {
    private let linking = Mutex<(any RequestLogLinking)?>(nil)

    package init() {}

    package func use(_ linking: any RequestLogLinking) {
        self.linking.withLock { $0 = linking }
    }

    package func link(clientAppId: String, requestId: String, base: PublicURL) -> String? {
        let linking = self.linking.withLock { $0 }
        return linking?.link(clientAppId: clientAppId, requestId: requestId, base: base)
    }
}
