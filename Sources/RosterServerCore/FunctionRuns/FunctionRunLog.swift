import Foundation
import Logging
import Synchronization

/// Keeps the apps' function runs for their logs, off the calls' path: `record` only queues a
/// run (a bounded queue; when it is full the run is dropped and counted in a warning), and one
/// task writes the queue to the store in batches, pruning each app's runs by age and count
/// (`FunctionRunBudget`) as it goes. No lock is held while the store is written.
///
///     let runs = FunctionRunLog(store: store, budget: FunctionRunBudget(), ids: ids, now: now, logger: logger)
///     runs.record(run)   // returns at once
package final class FunctionRunLog: Sendable {
    private struct Queue {
        var pending: [FunctionRunRecord] = []
        var dropped = 0
        /// Runs written per app since its last prune; an app not yet pruned by this process
        /// is pruned with its first batch.
        var sincePrune: [String: Int] = [:]
        /// The runs of a batch taken and not yet written.
        var writing = 0
        /// Who waits for every queued run to be written (`flush`), by their number.
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var lastWaiter = 0

        /// Nothing waits to be written, or to be counted as dropped.
        var isIdle: Bool { pending.isEmpty && writing == 0 && dropped == 0 }
    }

    let store: any FunctionRunStore
    package let budget: FunctionRunBudget
    let ids: IdentifierSource
    package let now: @Sendable () -> Date
    let logger: Logger
    /// The queue, shared with the writer task (which holds no reference to the log).
    private final class Shared: Sendable {
        let queue = Mutex(Queue())
    }

    private let shared = Shared()
    private let wake: AsyncStream<Void>.Continuation
    private let writer: Task<Void, Never>

    package init(
        store: any FunctionRunStore, budget: FunctionRunBudget, ids: IdentifierSource, now: @escaping @Sendable () -> Date, logger: Logger
    ) {
        self.store = store
        self.budget = budget
        self.ids = ids
        self.now = now
        self.logger = logger
        let (woken, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.wake = wake
        let shared = self.shared
        writer = Task {
            for await _ in woken {
                while let (batch, dropped) = Self.take(shared, budget.batch) {
                    await Self.write(batch, dropped: dropped, shared: shared, store: store, budget: budget, now: now, logger: logger)
                    shared.queue.withLock { $0.writing = 0 }
                }
                // Those waiting for the queue are let go once it is empty, outside the lock.
                let idle = shared.queue.withLock { queue in
                    guard queue.isIdle else { return [CheckedContinuation<Void, Never>]() }
                    defer { queue.waiters = [:] }
                    return Array(queue.waiters.values)
                }
                for waiter in idle { waiter.resume() }
            }
        }
    }

    deinit {
        wake.finish()
    }

    /// A fresh id for a run's entry.
    package func newId() -> String { ids.objectId() }

    /// Queues `run` to be written; returns at once.
    package func record(_ run: FunctionRunRecord) {
        let limit = budget.queued
        let queued = shared.queue.withLock { queue in
            guard queue.pending.count < limit else {
                queue.dropped += 1
                return false
            }
            queue.pending.append(run)
            return true
        }
        if queued { wake.yield() }
    }

    /// Waits until the queue is empty (every run queued so far written, or its write failed and
    /// logged), or the task is cancelled.
    package func flush() async {
        let shared = self.shared
        let number = shared.queue.withLock { queue in
            queue.lastWaiter += 1
            return queue.lastWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let done = shared.queue.withLock { queue in
                    guard !queue.isIdle, !Task.isCancelled else { return true }
                    queue.waiters[number] = waiter
                    return false
                }
                if done { waiter.resume() }
            }
        } onCancel: {
            shared.queue.withLock { $0.waiters.removeValue(forKey: number) }?.resume()
        }
    }

    /// What a stopping server does (`FunctionRunFlush`): waits until every run queued so far is
    /// written, at most `limit`; how many were still queued then (0 when all were written). A
    /// caller cancelled, or cancelled while it waits, waits at most `cancelledGrace` more: a
    /// server being cancelled has only so long to end (`maximumCancellationDuration`), and a store
    /// that cannot write would otherwise hold it past that.
    package func flush(within limit: Duration, cancelledGrace: Duration = .seconds(1)) async -> Int {
        let shared = self.shared
        let waiting = Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.flush() }
                group.addTask { try? await Task.sleep(for: limit) }
                await group.next()
                group.cancelAll()
            }
            return shared.queue.withLock { $0.pending.count + $0.writing }
        }
        return await withTaskCancellationHandler {
            await waiting.value
        } onCancel: {
            Task {
                try? await Task.sleep(for: cancelledGrace)
                waiting.cancel()
            }
        }
    }

    private static func take(_ shared: Shared, _ count: Int) -> ([FunctionRunRecord], Int)? {
        shared.queue.withLock { queue in
            guard !queue.pending.isEmpty || queue.dropped > 0 else { return nil }
            let batch = Array(queue.pending.prefix(max(1, count)))
            queue.pending.removeFirst(batch.count)
            queue.writing = batch.count
            defer { queue.dropped = 0 }
            return (batch, queue.dropped)
        }
    }

    private static func write(
        _ batch: [FunctionRunRecord], dropped: Int, shared: Shared, store: any FunctionRunStore, budget: FunctionRunBudget,
        now: @Sendable () -> Date, logger: Logger
    ) async {
        if dropped > 0 {
            logger.warning(
                """
                \(dropped) function runs were not kept for the apps' logs: more than \(budget.queued) waited to be written \
                (functionRunBudget.queued)
                """)
        }
        do {
            try await store.appendFunctionRuns(batch)
        } catch {
            logger.warning("\(batch.count) function runs could not be kept for the apps' logs: \(type(of: error))")
            return
        }
        var written: [String: Int] = [:]
        for run in batch { written[run.appId, default: 0] += 1 }
        let due = shared.queue.withLock { queue in
            written.compactMap { appId, count -> String? in
                let since = queue.sincePrune[appId].map { $0 + count }
                guard let since, since < budget.pruneEvery else {
                    queue.sincePrune[appId] = 0
                    return appId
                }
                queue.sincePrune[appId] = since
                return nil
            }
        }
        let before = now().addingTimeInterval(-Double(budget.keptDays) * 86_400)
        for appId in due.sorted() {
            do {
                try await store.pruneFunctionRuns(appId: appId, before: before, keep: budget.keptRunsPerApp, limit: budget.pruneRows)
            } catch {
                logger.warning("an app's old function runs could not be pruned: \(type(of: error))", metadata: ["app": .string(appId)])
            }
        }
    }
}
