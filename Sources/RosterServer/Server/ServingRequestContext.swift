import Hummingbird
import NIOCore

/// The context of a request that came over HTTP: the connection it came on, so that the server
/// can stop reading a request it refused.
struct ServingRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }
}
