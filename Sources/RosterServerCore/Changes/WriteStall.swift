import Foundation
import Synchronization

/// Whether a connection still takes what it is sent: when the write under way began. A write
/// that has waited `limit` (the client stopped reading, and the socket and the channel's
/// buffers are full) is a stall; the server then closes the connection, as what is queued
/// behind that write could never be sent. Time is the server's clock (`now`), so a test moves
/// it rather than waiting for it.
///
///     let watch = WriteStall(now: environment.now)
///     watch.begin(); try await writer.write(bytes); watch.end()
///     // elsewhere: if await watch.stalled(after: .seconds(30)) { close the connection }
package final class WriteStall: Sendable {
    private let since = Mutex<Date?>(nil)
    private let now: @Sendable () -> Date

    package init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    /// A write begins.
    package func begin() {
        let began = now()
        since.withLock { $0 = began }
    }

    /// The write under way is done.
    package func end() { since.withLock { $0 = nil } }

    /// Returns true once one write has waited `limit` on the clock; false when the task is
    /// cancelled first. It looks every quarter of `limit` (sooner when the limit is reached
    /// before), so a stall is seen between `limit` and one and a quarter times it after its
    /// write began.
    package func stalled(after limit: Duration) async -> Bool {
        let step = limit / 4
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        while true {
            let waited = since.withLock { $0 }.map { now().timeIntervalSince($0) }
            if let waited, waited >= seconds { return true }
            var wait = step
            if let waited { wait = min(step, .milliseconds(Int(((seconds - waited) * 1000).rounded(.up)))) }
            do { try await Task.sleep(for: wait) } catch { return false }
        }
    }
}
