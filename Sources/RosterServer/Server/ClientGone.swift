import NIOCore
import RosterServerCore

/// What a route may ask of its connection: to be told when the client goes (`ClientGoneHandler`),
/// for an answer that runs until the client leaves (a change stream), which would otherwise
/// learn of it only at its next write. The in-process responder has none.
///
///     context.clientGone?.whenGone { stream.close() }
package struct ClientGone: Sendable {
    let channel: any Channel

    package init(channel: any Channel) {
        self.channel = channel
    }

    /// Closes the connection now, whatever is still queued on it: for a client that stopped
    /// reading, whose queued bytes could never be written.
    package func close() {
        channel.close(promise: nil)
    }

    /// Runs `action` once the client has gone (at once if it has already).
    package func whenGone(_ action: @escaping @Sendable () -> Void) {
        let channel = channel
        channel.eventLoop.execute {
            if let handler = try? channel.pipeline.syncOperations.handler(type: ClientGoneHandler.self) {
                _ = handler.whenGone(action)
            } else {
                channel.closeFuture.whenComplete { _ in action() }
            }
        }
    }
}
