import Foundation
import RosterDocuments
import RosterWire

/// What one user's data calls may take: at most `perUser` in flight at once (the rest are
/// answered 429 with `Retry-After` at once), each within `deadlineSeconds`. A call past its deadline is
/// cancelled, stops at its next page of documents (`DocumentStore.documents`), writes nothing it
/// had not yet written, and is answered ExecutionTimeLimitExceeded naming the limit; a call in the
/// middle of a regular expression match stops inside it. Every call's regular expressions draw
/// from one budget of `regexSteps` (`RegexBudget`, bound for the call's task): past it the call
/// is refused, however its matches are spread over documents and clauses. The counts live in
/// memory, per process, as the function limits' do.
///
///     let gate = DataCallGate(limits: config.limits)
///     let answer = try await gate.run(for: user.id) { try await data.run(name, arguments: arguments, caller: caller) }
package final class DataCallGate: Sendable {
    private let slots: ConcurrencyLimit<String>
    package let deadlineSeconds: Int
    package let regexSteps: Int

    package init(perUser: Int, deadlineSeconds: Int, regexSteps: Int = RegexBudget.defaultSteps) {
        slots = ConcurrencyLimit(width: Int(Int32.max), perOwner: perUser, queueLimit: 0, waitLimit: .zero)
        self.deadlineSeconds = deadlineSeconds
        self.regexSteps = regexSteps
    }

    package convenience init(limits: LimitsConfig) {
        self.init(perUser: limits.dataCallsPerUser, deadlineSeconds: limits.dataCallSeconds, regexSteps: limits.regexStepsPerCall)
    }

    package func run<T: Sendable>(for userId: String, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        do {
            try await slots.enter(userId)
        } catch {
            throw LimitWait(seconds: 1)
        }
        defer { slots.leave(userId) }
        return try await bounded(work)
    }

    /// A data call a function makes: its deadline and its regular expressions' budget, as any
    /// call's, but not counted among its user's calls in flight, since the function that makes it
    /// is counted already (`FunctionLimiter`) and may make several at once (`Promise.all`).
    package func runForFunction<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await bounded(work)
    }

    private func bounded<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let seconds = deadlineSeconds
        let budget = RegexBudget(steps: regexSteps, scope: "one call (regexStepsPerCall)")
        return try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await RegexBudget.$current.withValue(budget) { try await work() } }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                throw ErrorResponse.functionOutOfTime(
                    "execution time limit exceeded: the call did not finish within its limit of \(seconds) s (dataCallSeconds)")
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }
}
