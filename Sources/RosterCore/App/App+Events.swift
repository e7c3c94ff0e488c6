import Foundation

extension App {
    /// What happens to the device's users from now on, written by this process or any other
    /// sharing the device store: log-ins, switches, log-outs, removals, sessions the server
    /// ended, locks and unlocks, in the order they were written (see `SessionEvents` for how
    /// soon each arrives). Each iteration reads from the moment `events` was asked for.
    ///
    ///     for await event in app.events where event.kind == .switched { reloadFor(event.userId) }
    public var events: SessionEvents {
        events(after: (try? store.lastEventSequence()) ?? 0)
    }

    /// The events after the one numbered `sequence` (a reader going on where it stopped), as
    /// many of them as the store still keeps.
    public func events(after sequence: Int64) -> SessionEvents {
        SessionEvents(
            store: store, broadcaster: broadcaster, pollInterval: environment.history.eventLimits.bounded.pollInterval,
            start: max(0, sequence))
    }

    /// The events from `date` on (as many as the store still keeps), then those to come.
    public func events(since date: Date) throws -> SessionEvents {
        events(after: try store.eventSequence(before: date))
    }
}
