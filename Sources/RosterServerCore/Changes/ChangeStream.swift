import RosterWire

/// What a change stream sends, in order: change events (relaxed Extended JSON, one line each),
/// comments that keep an idle stream open through proxies, and at most one ending that says why
/// (the session ended, the watcher fell behind), after which nothing follows. The stream also
/// ends without a word when the server stops. Dropping it closes it.
///
/// What waits for the reader is bounded in bytes (`pending`, `changeStreamBufferBytes`): a
/// reader that does not keep up is ended. The stream holds its user's place among
/// `changeStreamsPerUser` until `connectionClosed()` (or until nothing holds it).
package struct ChangeStream: AsyncSequence, Sendable {
    package enum Item: PendingSize, Equatable {
        case event(String)
        case keepAlive
        case end(ErrorResponse)

        /// What the item is counted while it waits: an event its text, a comment its three
        /// bytes; the ending nothing (it always goes).
        package var bytes: Int {
            switch self {
            case .event(let text): text.utf8.count
            case .keepAlive: 3
            case .end: 0
            }
        }
    }

    let items: AsyncStream<Item>
    /// The bytes of the items sent and not yet taken by the reader.
    let pending: PendingBytes
    let place: ChangeStreamPlace
    let finish: @Sendable () -> Void

    /// Ends the stream after what it has already sent (the server is stopping).
    package func close() { finish() }

    /// The connection that carried the stream is done: the stream ends and its place among
    /// the user's streams is given back.
    package func connectionClosed() {
        finish()
        place.giveBack()
    }

    /// The bytes waiting for the reader now.
    package var pendingBytes: Int { pending.bytes }

    /// Whether the stream still holds its place among the user's streams.
    package var holdsPlace: Bool { place.isHeld }

    package func makeAsyncIterator() -> PendingBytes.Taking<Item> { pending.taking(items) }
}
