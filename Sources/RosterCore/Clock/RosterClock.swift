import Foundation

/// The time source of the session core: token expiry, last-active stamps and the backoff
/// between refresh retries all go through it, so tests can move time by hand.
public protocol RosterClock: Sendable {
    /// The device's current time.
    func now() -> Date
    /// Waits, e.g. between retries of a failed refresh.
    func sleep(for seconds: TimeInterval) async throws
}

/// The real clock: `Date()` and `Task.sleep`.
public struct SystemClock: RosterClock {
    public init() {}

    public func now() -> Date { Date() }

    public func sleep(for seconds: TimeInterval) async throws {
        guard seconds > 0 else { return }
        try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }
}
