import Foundation

/// Log-outs whose server session is still to be revoked (BEHAVIOURS 48).
protocol RevocationQueue: Sendable {
    /// Keeps a log-out's revocation until the server can be told.
    func queueRevocation(userId: String, entry: String, sealed: SealedSession, at: Date) throws

    /// Revocations not yet sent.
    func pendingRevocations() throws -> [QueuedRevocation]

    func deleteRevocation(id: Int64) throws
}

/// A log-out whose server session is still to be revoked. The refresh token is sealed with the
/// device key.
struct QueuedRevocation: Sendable {
    var id: Int64
    var userId: String
    var entry: String
    var sealed: SealedSession
}
