import Synchronization

/// A task's result, or `fallback` once `limit` has passed, whichever comes first, without
/// waiting for the task after that (a task group would): the task is then cancelled and left
/// to end on its own.
///
///     let outcome = try await FirstOf.run(command, orAfter: .seconds(10), .outOfTime)
enum FirstOf {
    static func run<Value: Sendable>(
        _ task: Task<Value, any Error>, orAfter limit: Duration, _ fallback: Value
    ) async throws -> Value {
        let answer = Answer<Value>()
        return try await withCheckedThrowingContinuation { continuation in
            answer.waiting(continuation)
            let timer = Task {
                try? await Task.sleep(for: limit)
                if answer.give(.success(fallback)) { task.cancel() }
            }
            Task {
                answer.give(await task.result)
                timer.cancel()
            }
        }
    }

    /// The one continuation, resumed once.
    private final class Answer<Value: Sendable>: Sendable {
        private let continuation = Mutex<CheckedContinuation<Value, any Error>?>(nil)

        func waiting(_ waiting: CheckedContinuation<Value, any Error>) {
            continuation.withLock { $0 = waiting }
        }

        /// Resumes the caller with `result` unless it already was; true when this did.
        @discardableResult
        func give(_ result: Result<Value, any Error>) -> Bool {
            guard let waiting = continuation.withLock({ $0.take() }) else { return false }
            waiting.resume(with: result)
            return true
        }
    }
}
