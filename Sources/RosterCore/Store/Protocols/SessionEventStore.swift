import Foundation

/// The device's session events, numbered in the order they were written by every process
/// (`App.events`).
protocol SessionEventStore: Sendable {
    /// Writes `event` under the next sequence number (its own is ignored), and deletes those
    /// past `limits`.
    func appendEvent(_ event: SessionEvent, limits: SessionEventLimits) throws

    /// Up to `limit` events after `sequence`, oldest first, and the sequence read up to (past
    /// any row this version cannot read).
    func events(after sequence: Int64, limit: Int) throws -> (events: [SessionEvent], through: Int64)

    /// The newest event's sequence number, 0 before any.
    func lastEventSequence() throws -> Int64

    /// The sequence to read after for the events from `date` on: the one before the first event
    /// at or after it, or the newest when none is.
    func eventSequence(before date: Date) throws -> Int64
}
