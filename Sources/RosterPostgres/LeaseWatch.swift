import PostgresNIO
import RosterServerCore
import Synchronization

/// Watches one piece of work on a PostgreSQL connection and answers its caller
/// `StoreUnavailable` when the work cannot answer: no connection handed over within the wait
/// (or the database found gone meanwhile), or the connection closed under the work.
///
/// Why the second: PostgresNIO (1.33) drops a statement written to a connection whose channel
/// has already closed, unanswered, and whoever awaits it waits forever, cancelled or not. It
/// happens when the database ends a connection (a restart, `pg_terminate_backend`) just as a
/// request takes it from the pool or between two statements. A statement written before the
/// close fails at once, so work still running `closedGrace` after its connection closed is
/// given up: the caller is answered and the work's task is left suspended, holding its own
/// memory only (the pool has already dropped the closed connection). What the watch costs a
/// request is in docs/BENCHMARKS.md (R10).
///
///     let watch = LeaseWatch<Int>()
///     let work = Task { try await client.withConnection { c in guard watch.take(c) else { throw StoreUnavailable() }; … } }
///     let value = try await watch.outcome(of: work, waitingAtMost: .seconds(5))
final class LeaseWatch<Value: Sendable>: Sendable {
    private enum Hold {
        case waiting
        case holding(PostgresConnection)
        case givenUp
    }

    private struct State {
        var hold: Hold
        var caller: CheckedContinuation<Value, any Error>?
    }

    private let state: Mutex<State>

    /// How long work may go on once its connection has closed: far longer than a failed
    /// statement takes to be reported, far shorter than any wait a client would sit through.
    static var closedGrace: Duration { .seconds(1) }
    /// How often the watch looks at the wait and at the connection.
    static var step: Duration { .milliseconds(250) }

    /// A watch over work that is yet to be handed a connection (`take`), or that holds
    /// `connection` already.
    init(holding connection: PostgresConnection? = nil) {
        state = Mutex(State(hold: connection.map(Hold.holding) ?? .waiting))
    }

    /// The work was handed `connection`; false when the watch gave the wait up first, and the
    /// work is then not to run, its caller having been answered already.
    func take(_ connection: PostgresConnection) -> Bool {
        state.withLock { state in
            guard case .waiting = state.hold else { return false }
            state.hold = .holding(connection)
            return true
        }
    }

    /// `work`'s result, or `StoreUnavailable` once the watch gives up: nothing handed over
    /// within `wait`; or, with `outage`, the database known gone while it waits (after
    /// `PostgresServerStore.outageLeaseTimeout`, one direct connection, `reachable`, tells a
    /// database gone from a busy pool); or the connection closed under the work for
    /// `closedGrace`. Cancelling the caller cancels `work`, whose answer is then still awaited.
    func outcome(
        of work: Task<Value, any Error>, waitingAtMost wait: Duration, outage: DatabaseOutage? = nil,
        reachable: @escaping @Sendable () async -> Bool = { true }
    ) async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (caller: CheckedContinuation<Value, any Error>) in
                state.withLock { $0.caller = caller }
                let watching = Task {
                    guard await self.watch(wait, outage: outage, reachable: reachable) else { return }
                    work.cancel()
                    self.answer(.failure(StoreUnavailable()))
                }
                Task {
                    let result = await work.result
                    watching.cancel()
                    self.answer(result)
                }
            }
        } onCancel: {
            work.cancel()
        }
    }

    private func answer(_ result: Result<Value, any Error>) {
        let caller = state.withLock { state in
            defer { state.caller = nil }
            return state.caller
        }
        caller?.resume(with: result)
    }

    /// True once the watch gives up (it marks the hold given up first, so that a connection
    /// handed over later runs nothing); false when cancelled, as the work has answered.
    private func watch(_ wait: Duration, outage: DatabaseOutage?, reachable: @Sendable () async -> Bool) async -> Bool {
        let clock = ContinuousClock()
        let began = clock.now
        var probed = false
        var closedSince: ContinuousClock.Instant?
        while !Task.isCancelled {
            let now = clock.now
            let connection: PostgresConnection? = state.withLock { state in
                if case .holding(let connection) = state.hold { return connection }
                return nil
            }
            if let connection {
                if connection.isClosed {
                    let since = closedSince ?? now
                    closedSince = since
                    if now - since >= Self.closedGrace { return giveUp() }
                }
            } else if now - began >= wait {
                if giveUp(ifWaiting: true) { return true }
                continue
            } else if let outage, now - began >= PostgresServerStore.outageLeaseTimeout {
                if !probed {
                    probed = true
                    await outage.probe(reachable)
                }
                if outage.isKnown, giveUp(ifWaiting: true) { return true }
            }
            var sleep = Self.step
            if connection == nil { sleep = min(sleep, wait - (now - began)) }
            do { try await Task.sleep(for: sleep) } catch { return false }
        }
        return false
    }

    /// Marks the hold given up; with `ifWaiting`, only while no connection has been handed over.
    private func giveUp(ifWaiting: Bool = false) -> Bool {
        state.withLock { state in
            if ifWaiting, case .holding = state.hold { return false }
            state.hold = .givenUp
            return true
        }
    }
}
