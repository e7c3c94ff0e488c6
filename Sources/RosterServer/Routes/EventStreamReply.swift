import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RosterServerCore
import RosterWire
import ServiceLifecycle

/// A change stream as `text/event-stream`, as App Services writes it and the SDKs read it: each
/// change event one `data:` line of Extended JSON (with `%`, LF and CR written `%25`, `%0A` and
/// `%0D`, which the SDKs undo), a comment line to keep an idle stream open, and an ending as an
/// `error` event carrying `{"error_code", "error"}`. A server that shuts down gracefully ends
/// its streams. A comment goes first, so that the client has
/// the answer's head before the first change.
///
/// The answer says `Connection: close`: once the stream has ended the connection closes. A
/// client that takes nothing for `stall` while a write waits (it stopped reading) has its
/// connection closed by the server, as what waits behind that write could never reach it. The
/// user's place among their streams is given back when the connection is done, not before.
///
/// The stall is timed on the server's clock (`now`).
///
///     return EventStreamReply.response(stream, stall: .seconds(30), connection: context.clientGone, now: environment.now)
package enum EventStreamReply {
    package static func response(
        _ stream: ChangeStream, stall: Duration, connection: ClientGone?, now: @escaping @Sendable () -> Date = Date.init
    ) -> Response {
        var headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-cache", .connection: "close"]
        // Proxies that buffer answers (nginx) pass this one on as it comes.
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                // However the writer ends (done, the client gone, the connection closed for a
                // stall), the stream ends and the user's place comes back only now.
                defer { stream.connectionClosed() }
                let writes = WriteStall(now: now)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        guard await writes.stalled(after: stall) else { return }
                        stream.close()
                        connection?.close()
                    }
                    writes.begin()
                    try await writer.write(ByteBuffer(string: text(.keepAlive)))
                    writes.end()
                    // A server shutting down ends its streams, rather than waiting for them.
                    try await withGracefulShutdownHandler {
                        for await item in stream {
                            writes.begin()
                            try await writer.write(ByteBuffer(string: text(item)))
                            writes.end()
                        }
                    } onGracefulShutdown: {
                        stream.close()
                    }
                    try await writer.finish(nil)
                    group.cancelAll()
                }
            })
    }

    /// The bytes of one item.
    package static func text(_ item: ChangeStream.Item) -> String {
        switch item {
        case .event(let json): "data: " + escaped(json) + "\n\n"
        case .keepAlive: ":\n\n"
        case .end(let error):
            "event: error\ndata: " + escaped(JSONValue.object(["error": .string(error.error), "error_code": .string(error.errorCode)]).compactText)
                + "\n\n"
        }
    }

    /// `%`, LF and CR as `%25`, `%0A` and `%0D`: a data line never breaks, and a `%` the
    /// document holds comes back as itself.
    package static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x25 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\n": result += "%0A"
            case "\r": result += "%0D"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
