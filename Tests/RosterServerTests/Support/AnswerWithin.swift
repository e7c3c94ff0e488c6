/// How work ended, awaited apart from it: what a test uses where the work could wait forever
/// on something a task cannot cancel.
enum AnswerWithin: Equatable, Sendable {
    case answered
    case failed(String)
    case noAnswer

    static func seconds<R: Sendable>(_ seconds: Int, _ work: @escaping @Sendable () async throws -> R) async -> AnswerWithin {
        let (answers, answer) = AsyncStream.makeStream(of: AnswerWithin.self)
        let working = Task {
            do {
                _ = try await work()
                answer.yield(.answered)
            } catch {
                answer.yield(.failed("\(type(of: error))"))
            }
        }
        let timing = Task {
            try? await Task.sleep(for: .seconds(seconds))
            answer.yield(.noAnswer)
        }
        var first = answers.makeAsyncIterator()
        let outcome = await first.next() ?? .noAnswer
        timing.cancel()
        if outcome == .noAnswer { working.cancel() }
        return outcome
    }
}
