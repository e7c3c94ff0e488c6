import Synchronization

/// Actions waiting for the terminal thread: posted by effect tasks from anywhere, taken in
/// order by the program between keys.
final class Inbox: Sendable {
    private let actions = Mutex<[Action]>([])

    func post(_ new: [Action]) {
        guard !new.isEmpty else { return }
        actions.withLock { $0 += new }
    }

    func takeAll() -> [Action] {
        actions.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }
}
