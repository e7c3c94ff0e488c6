import HummingbirdCore
import Logging
import NIOCore
import RosterServerCore

/// A server child channel whose connection tasks run on their channel's event loop: `Inner` sets
/// the channel up and handles it as before, under a task executor preference for that loop.
///
/// Hummingbird starts each connection's task on the cooperative pool; reading a request part,
/// running the handler and writing the answer then each cross between that pool's threads and the
/// event loop's. With the preference a request that does not wait on anything else is read,
/// answered and written without leaving its loop's thread. Work that would hold the thread for
/// long (password hashing) already runs elsewhere (`HashingPool`), and the store's reads on the
/// calling thread are a few indexed lookups.
///
///     Application(responder: …, server: .roster)
package struct EventLoopBoundChannel<Inner: ServerChildChannel>: ServerChildChannel {
    package typealias Value = Inner.Value
    package let inner: Inner

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger)
    }

    package func handle(value: Value, logger: Logger) async {
        await withTaskExecutorPreference(EventLoopTaskExecutor(value.channel.eventLoop)) {
            await inner.handle(value: value, logger: logger)
        }
    }

    package init(inner: Inner) {
        self.inner = inner
    }
}

extension HTTPServerBuilder {
    /// The server `RosterServer.serve` runs: Hummingbird's HTTP/1.1 with each connection's task on
    /// its channel's event loop, and each connection closed after an answer that says
    /// `Connection: close`, and each knowing when its client has gone.
    package static var roster: HTTPServerBuilder {
        HTTPServerBuilder { responder in
            EventLoopBoundChannel(
                inner: HTTP1Channel(
                    responder: responder, configuration: HTTP1Channel.Configuration(additionalChannelHandlers: [CloseAfterAnswerHandler(), ClientGoneHandler()])))
        }
    }
}
