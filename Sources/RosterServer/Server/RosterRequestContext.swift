import Hummingbird
import Logging

/// Where a request came from, as the router needs it: only a logger. The in-process responder
/// and the HTTP server both make one, so the same router serves both.
public struct RosterContextSource: RequestContextSource {
    public let logger: Logger
    public init(logger: Logger) { self.logger = logger }
}

/// The request context of Roster's router.
public struct RosterRequestContext: RequestContext {
    public typealias Source = RosterContextSource
    public var coreContext: CoreRequestContextStorage

    public init(source: RosterContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
    }
}
