import Foundation

/// What operating the server asks of its store: whether it answers at all and can write
/// (`/ready`), and how many sessions are live (the `roster_active_sessions` gauge), each one
/// cheap query.
package protocol OperationsStore: Sendable {
    /// Throws when the store cannot be reached or cannot answer a trivial query.
    func ping() async throws
    /// Writes and takes back a row of a few pages in one committed transaction (pages taken,
    /// the log written): throws when the store cannot write (a full disk, a read-only database).
    func probeWrite() async throws
    /// Whether `error` is the store saying it cannot write now (a full disk, an I/O error, a
    /// read-only database): a failure that may pass once room is made.
    func cannotWrite(_ error: any Error) -> Bool
    /// The sessions neither revoked nor expired at `now`, by app id.
    func liveSessionCounts(now: Date) async throws -> [String: Int]
}
