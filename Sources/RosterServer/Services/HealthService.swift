import Foundation
import Logging

/// What an operator asks of the server: is its store reachable, how many sessions are live.
struct HealthService: Sendable {
    let store: any OperationsStore
    let now: @Sendable () -> Date
    let logger: Logger

    /// Whether the store answers a trivial query; a failure is logged by its type only.
    func storeIsReachable() async -> Bool {
        do {
            try await store.ping()
            return true
        } catch {
            logger.warning("the store is not reachable", metadata: ["error.type": "\(type(of: error))"])
            return false
        }
    }

    /// The live sessions by app id.
    func liveSessions() async throws -> [String: Int] {
        try await store.liveSessionCounts(now: now())
    }
}
