import Foundation

/// What operating the server asks of its store: whether it answers at all (`/ready`), and how
/// many sessions are live (the `roster_active_sessions` gauge), each one cheap query.
package protocol OperationsStore: Sendable {
    /// Throws when the store cannot be reached or cannot answer a trivial query.
    func ping() async throws
    /// The sessions neither revoked nor expired at `now`, by app id.
    func liveSessionCounts(now: Date) async throws -> [String: Int]
}
