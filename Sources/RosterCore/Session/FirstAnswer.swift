import Foundation
import Synchronization

/// A task's result if it comes within a wait, without cancelling the task when it does not:
/// the task goes on by itself, and the waiter goes on without it. The wait is real time, as a
/// request's timeout is: it bounds how long a person waits on the network, which a test's
/// clock does not make shorter.
///
///     switch await FirstAnswer.of(refreshing, within: 3) {
///     case .answered(let result): …
///     case .unanswered: …   // `refreshing` still runs
///     }
enum FirstAnswer<Value: Sendable> {
    case answered(Result<Value, any Error>)
    case unanswered

    static func of(_ task: Task<Value, any Error>, within wait: TimeInterval) async -> FirstAnswer {
        await withCheckedContinuation { continuation in
            let resumed = Mutex(false)
            let resume: @Sendable (FirstAnswer) -> Void = { answer in
                let first = resumed.withLock { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(returning: answer) }
            }
            let timer = Task {
                do { try await Task.sleep(for: .milliseconds(Int(wait * 1000))) } catch { return }  // cancelled: answered
                resume(.unanswered)
            }
            Task {
                let result = await task.result
                resume(.answered(result))
                timer.cancel()
            }
        }
    }
}
