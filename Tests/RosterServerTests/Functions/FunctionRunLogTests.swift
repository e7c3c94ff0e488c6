import Foundation
import Logging
import Synchronization
import Testing
@testable import RosterServerCore

/// What a function run keeps of its console, and the queue that writes runs off the calls' path:
/// both within `FunctionRunBudget`.
@Suite struct FunctionRunLogTests {
    @Test func aRunsConsoleKeepsToItsLinesAndBytes() {
        var budget = FunctionRunBudget()
        budget.consoleBytes = 10
        let console = FunctionConsole(budget: budget)
        for line in ["12345", "678", "abcdefgh", "more"] { console.append(line) }
        #expect(console.lines == ["12345", "678", "ab", "(1 more console lines not kept: functionRunBudget)"])
    }

    /// A run the engine never started is logged in the words and code its caller read (503
    /// ServiceUnavailable), not as an unknown failure.
    @Test func aRunTheEngineNeverStartedIsLoggedAsItsCallerReadIt() {
        let down = FunctionEngineUnavailable(function: "sum", why: "Node.js could not be started")
        let (words, code) = FunctionCallService.failure(down)
        #expect(words == "functions cannot run on this server just now; try again later")
        #expect(code == "ServiceUnavailable")
    }

    /// A store whose first write waits until the test lets it go: the fault that fills the queue.
    final class HeldStore: FunctionRunStore {
        let written = Mutex<[FunctionRunRecord]>([])
        let entered: AsyncStream<Void>.Continuation
        let enteredEvents: AsyncStream<Void>
        let release = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let held = Mutex(true)

        init() { (enteredEvents, entered) = AsyncStream.makeStream(of: Void.self) }

        func appendFunctionRuns(_ runs: [FunctionRunRecord]) async throws {
            if held.withLock({ $0 }) {
                await withCheckedContinuation { continuation in
                    release.withLock { $0 = continuation }
                    entered.yield()
                }
            }
            written.withLock { $0 += runs }
        }

        func functionRuns(appId: String, _ query: FunctionRunQuery) async throws -> [FunctionRunRecord] { [] }
        func pruneFunctionRuns(appId: String, before: Date, keep: Int, limit: Int) async throws -> Int { 0 }

        func letGo() {
            held.withLock { $0 = false }
            release.withLock { $0?.resume() }
        }
    }

    @Test func runsPastTheQueuesRoomAreDroppedNotWaitedFor() async throws {
        var budget = FunctionRunBudget()
        budget.queued = 2
        let store = HeldStore()
        let log = FunctionRunLog(
            store: store, budget: budget, ids: IdentifierSource(randomBytes: ServerEnvironment.systemRandomBytes, now: { Date() }),
            now: { Date() }, logger: Logger(label: "test"))
        func run(_ name: String) -> FunctionRunRecord {
            FunctionRunRecord(id: log.newId(), appId: "app", type: "FUNCTION", functionName: name, startedAt: Date(), completedAt: Date())
        }
        log.record(run("first"))
        var entered = store.enteredEvents.makeAsyncIterator()
        _ = await entered.next()
        // The writer holds "first"; two more fit the queue, the rest are dropped at once.
        for name in ["second", "third", "fourth", "fifth"] { log.record(run(name)) }
        store.letGo()
        await log.flush()
        #expect(store.written.withLock { $0.map(\.functionName) } == ["first", "second", "third"])
    }
}
