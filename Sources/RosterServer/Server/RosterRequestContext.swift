import Hummingbird
import Logging

/// Where a request came from, as the router needs it: a logger, and the client's address when
/// it came over the network. The in-process responder and the HTTP server both make one, so the
/// same router serves both.
public struct RosterContextSource: RequestContextSource {
    public let logger: Logger
    public let clientAddress: String?
    /// `scheme://host` as the client reached the server through a trusted proxy, when it says.
    public let forwardedBase: String?
    public init(logger: Logger, clientAddress: String? = nil, forwardedBase: String? = nil) {
        self.logger = logger
        self.clientAddress = clientAddress
        self.forwardedBase = forwardedBase
    }
}

/// The request context of Roster's router.
public struct RosterRequestContext: RequestContext {
    public typealias Source = RosterContextSource
    public var coreContext: CoreRequestContextStorage
    /// The client's IP address; `in-process` for a request that came without a network.
    public let clientAddress: String
    public let forwardedBase: String?
    /// The largest body the route accepts (`RequestBodyMiddleware`).
    public var maxUploadSize: Int

    public init(source: RosterContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        clientAddress = source.clientAddress ?? "in-process"
        forwardedBase = source.forwardedBase
        maxUploadSize = 2 * 1024 * 1024
    }
}
