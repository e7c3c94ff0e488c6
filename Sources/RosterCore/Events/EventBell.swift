import Foundation
import Synchronization

/// Wakes a reader of the session events when this process changes the store, so its own events
/// arrive at once; a ring while nobody waits is kept for the next wait. It listens to the app's
/// change streams until it is released.
final class EventBell: Sendable {
    private struct State {
        var rung = false
        var waiter: (id: UUID, continuation: CheckedContinuation<Void, Never>)?
    }

    private let state = Mutex(State())
    private let listening = Mutex<Task<Void, Never>?>(nil)

    init(broadcaster: ChangeBroadcaster) {
        let changes = broadcaster.stream()
        let task = Task { [weak self] in
            for await _ in changes {
                guard let self else { return }
                self.ring()
            }
        }
        listening.withLock { $0 = task }
    }

    deinit {
        listening.withLock { $0?.cancel() }
    }

    func ring() {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter else {
                state.rung = true
                return CheckedContinuation<Void, Never>?.none
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume()
    }

    /// Returns at the next ring (or at once for one not yet waited for), after `seconds`, or when
    /// the task is cancelled, whichever comes first.
    func wait(atMost seconds: TimeInterval) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000)) }
            group.addTask { await self.nextRing() }
            await group.next()
            group.cancelAll()
        }
    }

    private func nextRing() async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.rung || Task.isCancelled {
                        state.rung = false
                        return true
                    }
                    state.waiter = (id, continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let waiter = state.waiter, waiter.id == id else { return nil }
                state.waiter = nil
                return waiter.continuation
            }
            waiter?.resume()
        }
    }
}
