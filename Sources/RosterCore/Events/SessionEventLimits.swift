import Foundation

/// How many session events the device store keeps, for how long, and how often a reader looks
/// for those written by other processes (`App.events`).
public struct SessionEventLimits: Sendable, Equatable {
    /// The newest this many events are kept (at least 1); older ones are deleted as new ones
    /// are written.
    public var kept: Int
    /// Events older than this many seconds are deleted as new ones are written.
    public var maxAge: TimeInterval
    /// How often a reader looks for events written by other processes, in seconds: the
    /// latency of an event from another process. This process's own arrive at once.
    public var pollInterval: TimeInterval

    public init(kept: Int = 1000, maxAge: TimeInterval = 7 * 24 * 3600, pollInterval: TimeInterval = 0.25) {
        self.kept = kept
        self.maxAge = maxAge
        self.pollInterval = pollInterval
    }

    /// `kept` of at least 1 and an age of at least 0, whatever was set.
    var bounded: SessionEventLimits {
        SessionEventLimits(
            kept: max(1, kept), maxAge: maxAge.isFinite ? max(0, maxAge) : 7 * 24 * 3600,
            pollInterval: pollInterval.isFinite ? min(60, max(0.01, pollInterval)) : 0.25)
    }
}
