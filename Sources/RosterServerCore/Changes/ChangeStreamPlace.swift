import Synchronization

/// A change stream's place among its user's `changeStreamsPerUser`: held while the connection
/// that carries the stream is open, given back once (when the answer's writer is done, or
/// when nothing holds the stream any more, if its answer was never written).
package final class ChangeStreamPlace: Sendable {
    private let release: Mutex<(@Sendable () -> Void)?>

    package init(release: @escaping @Sendable () -> Void) {
        self.release = Mutex(release)
    }

    /// Gives the place back; later calls do nothing.
    package func giveBack() {
        // Taken out under the lock, run after it: the release takes a lock of its own.
        let release = self.release.withLock { release in
            defer { release = nil }
            return release
        }
        release?()
    }

    /// Whether the place is still held.
    package var isHeld: Bool { release.withLock { $0 != nil } }

    deinit { giveBack() }
}
