import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The session a command runs in (its own, so its process group is its pid): every process it
/// started is killed when its time is up, even after the command itself has exited, and when
/// its run ends, so that nothing it left behind runs on.
///
///     let session = CommandSession()
///     session.started(pid)   // from the run's body
///     session.kill()         // past the time limit: SIGKILL to the whole group
///     session.end()          // the run is over: SIGKILL to what is left, then never again
package final class CommandSession: Sendable {
    private let group = Mutex<pid_t?>(nil)

    package init() {}

    /// The command's pid, which is also its process group's.
    package func started(_ pid: pid_t) {
        group.withLock { $0 = pid }
    }

    /// The run has ended: what is left of its group is killed, and the group is no longer
    /// Roster's to signal.
    package func end() {
        group.withLock { pid in
            Self.kill(pid)
            pid = nil
        }
    }

    /// SIGKILL to every process of the command's group, while its run goes on.
    package func kill() {
        group.withLock { Self.kill($0) }
    }

    private static func kill(_ leader: pid_t?) {
        guard let leader, leader > 1 else { return }
        _ = Glibc.kill(-leader, SIGKILL)
    }
}
