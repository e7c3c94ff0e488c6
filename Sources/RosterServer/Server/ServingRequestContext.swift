import Hummingbird
import NIOCore
import RosterServerCore

/// The context of a request that came over HTTP: the connection it came on, so that the server
/// can stop reading a request it refused.
package struct ServingRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    package let channel: any Channel

    package init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }
}
