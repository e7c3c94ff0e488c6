import Foundation

/// The server's halves of sessions' unlock keys (`UnlockKeyRecord`), one per session.
package protocol UnlockKeyStore: Sendable {
    /// Keeps the key, replacing any other of the same session.
    func insertUnlockKey(_ record: UnlockKeyRecord) async throws
    /// Decides one proof in one transaction (`UnlockKeyRule`), so that proofs sent at once are
    /// each counted.
    func tryUnlockKey(idDigest: String, proofDigest: Data) async throws -> UnlockKeyTry
    /// Deletes the session's key; whether there was one.
    func deleteUnlockKey(sessionId: String) async throws -> Bool
}
