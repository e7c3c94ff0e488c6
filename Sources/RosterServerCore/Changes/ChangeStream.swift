import RosterWire

/// What a change stream sends, in order: change events (relaxed Extended JSON, one line each),
/// comments that keep an idle stream open through proxies, and at most one ending that says why
/// (the session ended, the watcher fell behind), after which nothing follows. The stream also
/// ends without a word when the server stops. Dropping it closes it.
package struct ChangeStream: AsyncSequence, Sendable {
    package enum Item: Sendable, Equatable {
        case event(String)
        case keepAlive
        case end(ErrorResponse)
    }

    let items: AsyncStream<Item>
    let finish: @Sendable () -> Void

    /// Ends the stream after what it has already sent (the server is stopping).
    package func close() { finish() }

    package func makeAsyncIterator() -> AsyncStream<Item>.Iterator { items.makeAsyncIterator() }
}
