import NIOCore

/// Tells when a connection's client has gone: it closed its side (the server allows half-closed
/// connections, so the channel itself stays open until the answer is written) or the connection
/// closed. A request that may run long is cancelled then (`CancelWhenClosed`), as nginx stops
/// an upstream request when its client closes.
final class ClientGoneHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Any

    private var gonePromise: EventLoopPromise<Void>?

    /// Completes when the client has gone.
    var gone: EventLoopFuture<Void>? { gonePromise?.futureResult }

    func handlerAdded(context: ChannelHandlerContext) {
        gonePromise = context.eventLoop.makePromise(of: Void.self)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        gonePromise?.succeed()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { gonePromise?.succeed() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        gonePromise?.succeed()
        context.fireChannelInactive()
    }
}
