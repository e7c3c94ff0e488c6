import RosterServerCore
import Synchronization

/// A task to cancel once, which lets go of the task when its work has ended, so that a callback
/// left on a long-lived connection keeps neither the task nor its answer.
package final class CancelOnce<Success: Sendable>: Sendable {
    private let task: Mutex<Task<Success, Never>?>

    package init(_ task: Task<Success, Never>) {
        self.task = Mutex(task)
    }

    package func fire() {
        task.withLock { $0?.cancel() }
    }

    package func drop() {
        task.withLock { $0 = nil }
    }
}
