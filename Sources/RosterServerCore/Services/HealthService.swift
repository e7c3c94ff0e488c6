import Foundation
import Logging

/// What an operator asks of the server: is its store reachable and able to write, how many
/// sessions are live.
package struct HealthService: Sendable {
    package let store: any OperationsStore
    package let now: @Sendable () -> Date
    package let logger: Logger
    /// Whether the store can write, as its last write probe found.
    package let writes: StoreWriteHealth

    /// What `/ready` answers.
    package enum Readiness: Sendable, Equatable {
        case ready
        /// The store does not answer a trivial query.
        case unreachable
        /// The store answers but cannot write (a full disk, a read-only database).
        case cannotWrite
    }

    /// Whether the store answers a trivial query; a failure is logged by its type only.
    package func storeIsReachable() async -> Bool {
        do {
            try await store.ping()
            return true
        } catch {
            logger.warning("the store is not reachable", metadata: ["error.type": "\(type(of: error))"])
            return false
        }
    }

    /// Whether the server can take traffic: the store answers, and can write as its last write
    /// probe found (probed again when that is a second old, or a write failed since).
    package func readiness() async -> Readiness {
        guard await storeIsReachable() else { return .unreachable }
        let (store, logger) = (store, logger)
        let canWrite = await writes.canWrite {
            do {
                try await store.probeWrite()
                return true
            } catch {
                logger.warning("the store cannot write", metadata: ["error.type": "\(type(of: error))"])
                return false
            }
        }
        return canWrite ? .ready : .cannotWrite
    }

    /// Whether `error` is the store saying it cannot write now; if so, `/ready` knows at once.
    package func isWriteFailure(_ error: any Error) -> Bool {
        guard store.cannotWrite(error) else { return false }
        writes.writeFailed()
        return true
    }

    /// The live sessions by app id.
    package func liveSessions() async throws -> [String: Int] {
        try await store.liveSessionCounts(now: now())
    }

    package init(store: any OperationsStore, now: @escaping @Sendable () -> Date, logger: Logger, writes: StoreWriteHealth = StoreWriteHealth()) {
        self.store = store
        self.now = now
        self.logger = logger
        self.writes = writes
    }
}
