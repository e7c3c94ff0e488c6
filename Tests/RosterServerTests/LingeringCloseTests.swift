import NIOCore
import NIOEmbedded
import Testing
@testable import RosterServer

/// Where a lingering close ends (`LingeringCloseHandler`): after `LingeringClose.total` however
/// the client goes on sending, or after `.gap` without a byte, whichever comes first. Time here
/// is the embedded event loop's, moved on by the test, so the edges are exact. (Over loopback:
/// `HTTPServeTests.aClientThatNeverStopsSendingIsClosedOn`.)
@Suite struct LingeringCloseTests {
    /// Stands for the socket's half-close, which an embedded channel cannot do (it closes
    /// outright): notes it and lets the channel stay open for what the client still sends.
    final class HalfClose: ChannelOutboundHandler, @unchecked Sendable {
        typealias OutboundIn = Any
        var outputClosed = false

        func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
            guard mode == .output else { return context.close(mode: mode, promise: promise) }
            outputClosed = true
            promise?.succeed()
        }
    }

    /// A connection whose answer has just been written: it lingers from now on.
    func lingering(_ limits: LingeringClose) throws -> (EmbeddedChannel, HalfClose) {
        let halfClose = HalfClose()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([halfClose, LingeringCloseHandler(limits: limits)])
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9090)).wait()
        channel.pipeline.triggerUserOutboundEvent(LingeringClose.Begin(), promise: nil)
        return (channel, halfClose)
    }

    /// One byte from the client, `after` since the one before.
    func send(on channel: EmbeddedChannel, after: TimeAmount) throws {
        channel.embeddedEventLoop.advanceTime(by: after)
        guard channel.isActive else { return }
        try channel.writeInbound(ByteBuffer(string: "a"))
    }

    @Test func aClientThatKeepsSendingIsReadUntilTheTotalAndNoLonger() throws {
        let (channel, halfClose) = try lingering(LingeringClose(total: .seconds(5), gap: .seconds(2)))
        #expect(halfClose.outputClosed, "the answer's FIN went out at once")
        // A byte a second: never a gap, so only the total ends it.
        for _ in 1...4 { try send(on: channel, after: .seconds(1)) }
        expectClosed(channel, after: .seconds(1), what: "the total")
        // Nothing read while lingering reaches the handlers after it.
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
    }

    @Test func aClientThatFallsSilentIsClosedOnAfterTheGap() throws {
        let (channel, _) = try lingering(LingeringClose(total: .seconds(5), gap: .seconds(2)))
        try send(on: channel, after: .milliseconds(1500))
        // The gap counts from the last byte.
        expectClosed(channel, after: .seconds(2), what: "the gap")
    }

    /// Open a millisecond before `after` has passed, closed once it has: an edge, not a range.
    func expectClosed(_ channel: EmbeddedChannel, after: TimeAmount, what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        channel.embeddedEventLoop.advanceTime(by: after - .milliseconds(1))
        let openJustBefore = channel.isActive
        #expect(openJustBefore, "closed before \(what)", sourceLocation: sourceLocation)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        let openAtTheEdge = channel.isActive
        #expect(!openAtTheEdge, "still read at \(what)", sourceLocation: sourceLocation)
    }

    @Test func aClientThatHasSentEverythingIsClosedOnAtOnce() throws {
        let (channel, _) = try lingering(LingeringClose())
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        let open = channel.isActive
        #expect(!open)
    }
}
