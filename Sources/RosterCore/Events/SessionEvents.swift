import Foundation

/// The device's session events after a point, as they are written by this process and every
/// other sharing the device store: `App.events`. An event written here arrives at once; one
/// written by another process within `SessionEventLimits.pollInterval` (0.25 s by default),
/// found by reading the store's events table after the last one seen (one indexed read a
/// poll). The sequence never ends by itself: stop iterating, or cancel the task. A reader
/// that falls behind by more than the store keeps (`SessionEventLimits.kept`) skips what was
/// deleted; each event's `sequence` shows the gap.
///
///     for await event in app.events { print(event.kind, event.userName) }
public struct SessionEvents: AsyncSequence, Sendable {
    public typealias Element = SessionEvent
    public typealias Failure = Never

    let store: any SessionEventStore
    let broadcaster: ChangeBroadcaster
    let pollInterval: TimeInterval
    /// Events after this one are yielded.
    let start: Int64

    public func makeAsyncIterator() -> Iterator {
        Iterator(sequence: self, cursor: start, bell: EventBell(broadcaster: broadcaster))
    }

    public struct Iterator: AsyncIteratorProtocol {
        public typealias Element = SessionEvent
        public typealias Failure = Never

        let sequence: SessionEvents
        var cursor: Int64
        let bell: EventBell
        var pending: [SessionEvent] = []

        /// How many events one read takes.
        static let batch = 256

        public mutating func next() async -> SessionEvent? {
            while !Task.isCancelled {
                if !pending.isEmpty { return pending.removeFirst() }
                // A store that cannot be read now is read again at the next wake-up.
                if let read = try? sequence.store.events(after: cursor, limit: Self.batch), read.through > cursor {
                    cursor = read.through
                    pending = read.events
                    continue
                }
                await bell.wait(atMost: sequence.pollInterval)
            }
            return nil
        }
    }
}
