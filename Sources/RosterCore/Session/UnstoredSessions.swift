import Foundation
import Synchronization

/// Refreshed sessions this process was given but could not store (the device store's disk full):
/// held in memory by entry, so that this process presents the newest refresh token the server
/// gave, never the one it replaced (which answers only for the server's grace window, and after
/// it ends the session as a copy in someone else's hands), and stored as soon as the store takes
/// a write. A full disk never ends a session this process holds.
final class UnstoredSessions: Sendable {
    /// One refreshed session, and the box on disk it replaces.
    struct Held: Sendable {
        var replacing: Data
        var sealed: SealedSession
        var secrets: SessionSecrets
        var receivedAt: Date
        var lifetime: TimeInterval?

        /// The stored row with this session over it, opened.
        func over(_ row: StoredUser) -> StoredUser {
            var row = row
            row.sealed = sealed
            row.secrets = secrets
            row.accessTokenReceivedAt = receivedAt
            if let lifetime { row.accessTokenLifetime = lifetime }
            return row
        }
    }

    private let held = Mutex<[String: Held]>([:])

    func hold(_ session: Held, entry: String) {
        held.withLock { $0[entry] = session }
    }

    func held(entry: String) -> Held? {
        held.withLock { $0[entry] }
    }

    /// Forgets the entry's session, unless another was held for it meanwhile.
    func forget(entry: String, sealedBox box: Data) {
        held.withLock { held in
            if held[entry]?.sealed.box == box { held[entry] = nil }
        }
    }
}
