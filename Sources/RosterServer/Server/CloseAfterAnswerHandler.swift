import HTTPTypes
import NIOCore
import NIOHTTPTypes
import RosterServerCore

/// Closes a connection once an answer that says `Connection: close` has been written out: the
/// server's refusal of a body over the limit (413) says it, and the rest of that body is then
/// never parsed, nor does the client wait for it to be. The close is a lingering one
/// (`LingeringCloseHandler`, which this handler puts first in the pipeline): half-closed at once,
/// what the client still sends read and thrown away for a bounded time, so the client reads its
/// answer instead of a reset.
///
/// Hummingbird closes a connection after an answer only when the request asked it to; an answer
/// sent while the request's body is still arriving would otherwise leave the server reading the
/// rest of it (to find the next request) or, with the input half shut, waiting on a connection
/// nobody closes. The connection closes when the answer's last part has reached the socket, so
/// the answer is never cut short.
///
///     HTTP1Channel.Configuration(additionalChannelHandlers: [CloseAfterAnswerHandler()])
package final class CloseAfterAnswerHandler: ChannelOutboundHandler, RemovableChannelHandler {
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart

    private var closeAfterEnd = false
    private let limits: LingeringClose

    package init(lingering limits: LingeringClose = LingeringClose()) {
        self.limits = limits
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        do {
            try context.pipeline.syncOperations.addHandler(LingeringCloseHandler(limits: limits), position: .first)
        } catch {
            context.fireErrorCaught(error)
        }
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            closeAfterEnd = head.headerFields[.connection]?.lowercased() == "close"
            context.write(data, promise: promise)
        case .end where closeAfterEnd:
            closeAfterEnd = false
            let written = context.eventLoop.makePromise(of: Void.self)
            let loopBound = context.loopBound
            written.futureResult.whenComplete { result in
                switch result {
                case .success: loopBound.value.triggerUserOutboundEvent(LingeringClose.Begin(), promise: nil)
                case .failure: loopBound.value.close(promise: nil)
                }
            }
            written.futureResult.cascade(to: promise)
            context.writeAndFlush(data, promise: written)
        case .body, .end:
            context.write(data, promise: promise)
        }
    }
}
