import Foundation
import Logging

/// What an operator asks of the server: is its store reachable, how many sessions are live.
package struct HealthService: Sendable {
    package let store: any OperationsStore
    package let now: @Sendable () -> Date
    package let logger: Logger

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

    /// The live sessions by app id.
    package func liveSessions() async throws -> [String: Int] {
        try await store.liveSessionCounts(now: now())
    }

    package init(store: any OperationsStore, now: @escaping @Sendable () -> Date, logger: Logger) {
        self.store = store
        self.now = now
        self.logger = logger
    }
}
