import NIOCore
import RosterServerCore

/// Runs a request's work so that it is cancelled when its client goes away (`ClientGoneHandler`:
/// its side closed, or the connection), and the work stops at its next page of documents or the
/// end of its command (`DataCallGate`, `CommandFunction`), giving back its places in the app's
/// limits. Only for the calls that may run long (`functions/call`): each costs one task more.
package enum CancelWhenClosed {
    package static func run<T: Sendable>(on channel: any Channel, _ work: @escaping @Sendable () async -> T) async -> T {
        let task = Task { await work() }
        // The request runs on its channel's event loop (`EventLoopBoundChannel`), where the
        // pipeline may be read at once; elsewhere, only the connection's close is seen.
        guard channel.eventLoop.inEventLoop, let handler = try? channel.pipeline.syncOperations.handler(type: ClientGoneHandler.self) else {
            let cancel = CancelOnce(task)
            channel.closeFuture.whenComplete { _ in cancel.fire() }
            let value = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
            cancel.drop()
            return value
        }
        let key = handler.whenGone { task.cancel() }
        let registered = NIOLoopBound(handler, eventLoop: channel.eventLoop)
        let value = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        if let key { channel.eventLoop.execute { registered.value.forget(key) } }
        return value
    }

    /// Whether a request's path is one whose work may run long.
    package static func applies(to path: String) -> Bool {
        path.hasSuffix("/functions/call")
    }
}
