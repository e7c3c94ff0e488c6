import Synchronization

/// Whether a connection still takes what it is sent: when the write under way began. A write
/// that has waited `limit` (the client stopped reading, and the socket and the channel's
/// buffers are full) is a stall; the server then closes the connection, as what is queued
/// behind that write could never be sent.
///
///     let watch = WriteStall()
///     watch.begin(); try await writer.write(bytes); watch.end()
///     // elsewhere: if await watch.stalled(after: .seconds(30)) { close the connection }
package final class WriteStall: Sendable {
    private let since = Mutex<ContinuousClock.Instant?>(nil)

    package init() {}

    /// A write begins.
    package func begin() { since.withLock { $0 = .now } }

    /// The write under way is done.
    package func end() { since.withLock { $0 = nil } }

    /// Returns true once one write has waited `limit`; false when the task is cancelled first.
    /// While no write is under way it looks every quarter of `limit`, so a stall is seen between
    /// `limit` and one and a quarter times it after its write began.
    package func stalled(after limit: Duration) async -> Bool {
        let step = limit / 4
        while true {
            let began = since.withLock { $0 }
            let now = ContinuousClock.now
            if let began, now - began >= limit { return true }
            let wake = began.map { $0 + limit } ?? now + step
            do { try await Task.sleep(until: wake, clock: .continuous) } catch { return false }
        }
    }
}
