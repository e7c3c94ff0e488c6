import Foundation
import Synchronization
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// The deadline and the per-user count of data calls, with work that waits rather than burns
/// the processor, so the test measures the gate and not the machine. That a cancelled call
/// stops reading the store is `StoreContractTests.documentsAreReadInPagesInKeyOrder`.
@Suite struct DataCallGateTests {
    /// Work that would take ten minutes, and notes whether it saw its cancellation.
    final class SlowWork: Sendable {
        let cancelled = Mutex(false)

        func run() async throws -> Int {
            do {
                try await Task.sleep(for: .seconds(600))
                return 1
            } catch {
                cancelled.withLock { $0 = true }
                throw error
            }
        }
    }

    /// A deadline that did not cancel would leave the call to run its ten minutes: the time
    /// limit ends the test first.
    @Test(.timeLimit(.minutes(1))) func aCallPastItsDeadlineIsCancelledAndSaysWhichLimit() async throws {
        let gate = DataCallGate(perUser: 4, deadlineSeconds: 1)
        let work = SlowWork()
        do {
            _ = try await gate.run(for: "ann") { try await work.run() }
            Issue.record("the call ran to its end")
        } catch let error as ErrorResponse {
            #expect(error.code == .executionTimeLimitExceeded && error.code?.httpStatus == 400)
            #expect(error.error == "execution time limit exceeded: the call did not finish within its limit of 1 s (dataCallSeconds)")
        }
        #expect(work.cancelled.withLock { $0 }, "the work was cancelled, not left running")
        // Its place is given back.
        #expect(try await gate.run(for: "ann") { 7 } == 7)
    }

    /// Calls held in flight until the test lets them go.
    final class Waiting: Sendable {
        let continuations = Mutex<[CheckedContinuation<Void, Never>]>([])
    }

    @Test func oneUsersCallsInFlightAreCappedAndOthersAreNot() async throws {
        let gate = DataCallGate(perUser: 2, deadlineSeconds: 60)
        let (entered, enteredContinuation) = AsyncStream.makeStream(of: Void.self)
        let release = Waiting()
        let held = (0..<2).map { _ in
            Task {
                try await gate.run(for: "ann") {
                    await withCheckedContinuation { continuation in
                        release.continuations.withLock { $0.append(continuation) }
                        enteredContinuation.yield()
                    }
                    return 0
                }
            }
        }
        var arrivals = entered.makeAsyncIterator()
        _ = await arrivals.next()
        _ = await arrivals.next()
        do {
            _ = try await gate.run(for: "ann") { 1 }
            Issue.record("a third call of Ann's ran")
        } catch let wait as LimitWait {
            #expect(wait.retryAfterSeconds == 1)
        }
        #expect(try await gate.run(for: "bob") { 2 } == 2, "another user is not held up")
        release.continuations.withLock { waiting in waiting.forEach { $0.resume() } }
        for task in held { _ = try await task.value }
        #expect(try await gate.run(for: "ann") { 3 } == 3)
    }
}
