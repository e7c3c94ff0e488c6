import Foundation
import Logging
import ServiceLifecycle
import Testing
@testable import RosterOperations
@testable import RosterServer
@testable import RosterServerCore

/// A server that stops in order (as SIGTERM stops `roster-server serve`) writes the function
/// runs still queued for the apps' logs before it returns, where the process would exit and
/// lose them.
@Suite(.timeLimit(.minutes(2))) struct FunctionRunFlushTests {
    /// `serve` as one service of a group the test stops gracefully, as a signal stops the command.
    struct Serving: Service {
        let server: RosterServer
        let listening: AsyncStream<Void>.Continuation

        func run() async throws {
            try await server.serve(host: "127.0.0.1", port: 0, shutdownOn: []) { _ in listening.yield() }
        }
    }

    @Test(arguments: StoreKind.allCases) func runsQueuedAsTheServerStopsAreInTheStoreWhenItHasStopped(_ kind: StoreKind) async throws {
        // Ten runs a write, so that the queue is still long when the stop comes. The stop and the
        // flush may take a minute each: fifty writes can take more than the ten seconds `serve`
        // gives by default while every other suite loads the machine (past them the server is
        // cancelled, and a cancelled flush waits a second more only).
        let t = try await TestServer.make(store: kind) { environment in
            environment.functionRunBudget.batch = 10
            environment.functionRunBudget.flushSeconds = 60
            environment.gracefulShutdown = .seconds(60)
        }
        let runs = try #require(t.server.services.functions.runs)
        let (listening, listened) = AsyncStream.makeStream(of: Void.self)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [Serving(server: t.server, listening: listened)], logger: Logger(label: "test")))
        let serving = Task { try await group.run() }
        var started = listening.makeAsyncIterator()
        _ = await started.next()

        let count = 500
        for number in 0..<count {
            runs.record(
                FunctionRunRecord(
                    id: runs.newId(), appId: t.appId, type: "FUNCTION", functionName: "run\(number)", startedAt: t.clock.now,
                    completedAt: t.clock.now))
        }
        await group.triggerGracefulShutdown()
        try await serving.value
        // Read the moment the server has stopped, when the process would exit.
        let kept = try await runs.store.functionRuns(appId: t.appId, FunctionRunQuery(limit: count + 1, withLogs: false))
        #expect(kept.count == count)
    }

    /// The wait is bounded: a store that never finishes a write holds a stopping server no longer
    /// than `flushSeconds`, and the runs left are counted.
    @Test func aStoreThatDoesNotWriteHoldsTheStopOnlySoLong() async throws {
        let store = FunctionRunLogTests.HeldStore()
        var budget = FunctionRunBudget()
        budget.batch = 1
        let log = FunctionRunLog(
            store: store, budget: budget, ids: IdentifierSource(randomBytes: ServerEnvironment.systemRandomBytes, now: { Date() }),
            now: { Date() }, logger: Logger(label: "test"))
        for name in ["first", "second", "third"] {
            log.record(FunctionRunRecord(id: log.newId(), appId: "app", type: "FUNCTION", functionName: name, startedAt: Date(), completedAt: Date()))
        }
        var entered = store.enteredEvents.makeAsyncIterator()
        _ = await entered.next()
        let began = ContinuousClock.now
        #expect(await log.flush(within: .milliseconds(200)) == 3, "the one being written and the two behind it")
        #expect(ContinuousClock.now - began < .seconds(5))
        store.letGo()
        await log.flush()
        #expect(store.written.withLock { $0.map(\.functionName) } == ["first", "second", "third"])
    }

    /// A server cancelled (not stopped gracefully) has five seconds to end, or the process is
    /// stopped (`maximumCancellationDuration`): the flush then waits only its short grace, even
    /// when its own limit is longer and the store writes nothing. The crash: a test's server,
    /// its PostgreSQL gone, was cancelled while its flush waited its whole five seconds.
    @Test func aCancelledStopWaitsOnlyItsGraceForAStoreThatDoesNotWrite() async throws {
        let store = FunctionRunLogTests.HeldStore()
        let log = FunctionRunLog(
            store: store, budget: FunctionRunBudget(), ids: IdentifierSource(randomBytes: ServerEnvironment.systemRandomBytes, now: { Date() }),
            now: { Date() }, logger: Logger(label: "test"))
        log.record(FunctionRunRecord(id: log.newId(), appId: "app", type: "FUNCTION", functionName: "held", startedAt: Date(), completedAt: Date()))
        var entered = store.enteredEvents.makeAsyncIterator()
        _ = await entered.next()
        let began = ContinuousClock.now
        let stopping = Task { await log.flush(within: .seconds(20), cancelledGrace: .milliseconds(100)) }
        stopping.cancel()
        #expect(await stopping.value == 1, "the run being written is still queued")
        #expect(ContinuousClock.now - began < .seconds(10), "a cancelled flush waited out its whole limit")
        store.letGo()
        await log.flush()
    }
}
