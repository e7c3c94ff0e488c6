import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `CloseAfterAnswerHandler` closes a connection once an answer that says `Connection: close`
/// has been written whole, and leaves every other connection open. (Over loopback:
/// `HTTPServeTests.anOversizedBodyGets413AndAClosedConnection`.)
@Suite struct CloseAfterAnswerHandlerTests {
    func answer(_ status: HTTPResponse.Status, connection: String?, on channel: EmbeddedChannel) throws -> [HTTPResponsePart] {
        var head = HTTPResponse(status: status)
        head.headerFields[.contentLength] = "2"
        if let connection { head.headerFields[.connection] = connection }
        try channel.writeOutbound(HTTPResponsePart.head(head))
        let openAfterHead = channel.isActive
        #expect(openAfterHead, "open until the answer's last part")
        try channel.writeOutbound(HTTPResponsePart.body(ByteBuffer(string: "{}")))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        var written: [HTTPResponsePart] = []
        while let part = try channel.readOutbound(as: HTTPResponsePart.self) { written.append(part) }
        return written
    }

    /// A connected channel with the handler.
    func connection() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(handler: CloseAfterAnswerHandler())
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9090)).wait()
        return channel
    }

    @Test func anAnswerSayingConnectionCloseClosesItsConnectionOnceWritten() throws {
        let channel = try connection()
        let written = try answer(.contentTooLarge, connection: "close", on: channel)
        #expect(written.count == 3, "the whole answer went out before the connection closed")
        let open = channel.isActive
        #expect(!open)
    }

    @Test func anyOtherAnswerLeavesItsConnectionOpen() throws {
        let channel = try connection()
        for connection in [nil, "keep-alive"] {
            let written = try answer(.ok, connection: connection, on: channel)
            #expect(written.count == 3)
            let open = channel.isActive
            #expect(open)
        }
        // An answer that says it closes, after ones that did not.
        _ = try answer(.contentTooLarge, connection: "Close", on: channel)
        let open = channel.isActive
        #expect(!open)
    }
}
