import NIOCore
import RosterServerCore

/// Tells when a connection's client has gone: it closed its side (the server allows half-closed
/// connections, so the channel itself stays open until the answer is written) or the connection
/// closed. A request that may run long is cancelled then (`CancelWhenClosed`), as nginx stops
/// an upstream request when its client closes.
///
/// Each request registers what to do and takes it back when it ends: a connection kept alive
/// for thousands of requests holds only those still running (a callback on the connection's
/// future per request kept every finished request's task and answer until the connection
/// closed, a megabyte a second under four busy clients).
package final class ClientGoneHandler: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = Any

    private var cancellations: [UInt64: () -> Void] = [:]
    private var nextKey: UInt64 = 0
    package private(set) var hasGone = false

    /// The requests of the connection still registered.
    package var registered: Int { cancellations.count }

    /// Runs `cancel` when the client goes, or now if it has; the key takes it back. On the
    /// channel's event loop only.
    package func whenGone(_ cancel: @escaping () -> Void) -> UInt64? {
        guard !hasGone else {
            cancel()
            return nil
        }
        nextKey += 1
        cancellations[nextKey] = cancel
        return nextKey
    }

    /// Takes back what `whenGone` registered: the request has ended.
    package func forget(_ key: UInt64) {
        cancellations[key] = nil
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        clientWent()
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { clientWent() }
        context.fireUserInboundEventTriggered(event)
    }

    package func channelInactive(context: ChannelHandlerContext) {
        clientWent()
        context.fireChannelInactive()
    }

    private func clientWent() {
        guard !hasGone else { return }
        hasGone = true
        let waiting = cancellations.values
        cancellations = [:]
        for cancel in waiting { cancel() }
    }
}
