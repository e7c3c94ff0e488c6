import NIOCore
import RosterServerCore

/// Closes a connection gracefully after an answer the client did not wait to send in full (RFC
/// 9112 §9.6): the server half-closes (its FIN after the answer), then reads and throws away what
/// the client is still sending, for at most `LingeringClose.total` and no longer than
/// `LingeringClose.gap` without any byte, and only then closes. Closing at once would leave
/// unread bytes in the socket, and the kernel answers those with a reset that can throw away the
/// answer before the client reads it; this is nginx's lingering close.
///
/// It sits first in the pipeline, on raw bytes, so nothing it throws away reaches the HTTP
/// decoder; `CloseAfterAnswerHandler` adds it and starts it with `LingeringClose.begin`.
package final class LingeringCloseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer
    package typealias OutboundIn = IOData

    private let limits: LingeringClose
    private var lingering = false
    private var deadline: Scheduled<Void>?
    private var quiet: Scheduled<Void>?

    package init(limits: LingeringClose = LingeringClose()) {
        self.limits = limits
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard lingering else { return context.fireChannelRead(data) }
        restartQuiet(context: context)
    }

    package func channelReadComplete(context: ChannelHandlerContext) {
        guard lingering else { return context.fireChannelReadComplete() }
        context.read()
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The client has sent everything it will: nothing is left to read.
        if lingering, let event = event as? ChannelEvent, event == .inputClosed { return context.close(promise: nil) }
        context.fireUserInboundEventTriggered(event)
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard lingering else { return context.fireErrorCaught(error) }
        context.close(promise: nil)
    }

    package func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        quiet?.cancel()
        context.fireChannelInactive()
    }

    package func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard event is LingeringClose.Begin else { return context.triggerUserOutboundEvent(event, promise: promise) }
        promise?.succeed()
        guard !lingering else { return }
        lingering = true
        let loopBound = context.loopBound
        // Half-close: the FIN follows the answer. A channel that cannot is closed outright.
        let halfClosed = context.eventLoop.makePromise(of: Void.self)
        halfClosed.futureResult.whenFailure { _ in loopBound.value.close(promise: nil) }
        context.close(mode: .output, promise: halfClosed)
        deadline = context.eventLoop.scheduleTask(in: limits.total) { loopBound.value.close(promise: nil) }
        restartQuiet(context: context)
        context.read()
    }

    private func restartQuiet(context: ChannelHandlerContext) {
        quiet?.cancel()
        let loopBound = context.loopBound
        quiet = context.eventLoop.scheduleTask(in: limits.gap) { loopBound.value.close(promise: nil) }
    }
}

/// How long a connection closed after an early answer goes on reading what its client still
/// sends (`LingeringCloseHandler`), as nginx's `lingering_time` and `lingering_timeout`.
package struct LingeringClose: Sendable {
    /// The longest it reads, in all.
    package var total: TimeAmount = .seconds(5)
    /// The longest it waits for the next byte.
    package var gap: TimeAmount = .seconds(2)

    /// The outbound event that starts it, once the answer has been written.
    package struct Begin: Sendable {}

    package init(total: TimeAmount = .seconds(5), gap: TimeAmount = .seconds(2)) {
        self.total = total
        self.gap = gap
    }
}
