import Foundation

/// One refresh of a session whose app rotates refresh tokens, decided in one transaction
/// (`ServerStore.rotateRefreshToken`): the token presented, by digest, and the token that
/// replaces it when it is the current one.
struct RefreshRotation: Sendable {
    var sessionId: String
    var presentedDigest: String
    /// The replacement, used only when the presented token is the session's current one.
    var next: Replacement
    var at: Date
    /// The previous token is accepted again when it was replaced at or after this.
    var graceSince: Date

    struct Replacement: Sendable {
        var digest: String
        /// The replacement sealed under the presented token (`RefreshTokenSeal`).
        var sealed: Data
        var generation: Int
    }

    /// What the store made of it.
    enum Outcome: Sendable, Equatable {
        /// The presented token was current: the session now stands for the replacement.
        case rotated
        /// The presented token was replaced within the grace window: its replacement, sealed
        /// under it, to be handed out again.
        case replacedRecently(sealed: Data)
        /// An older token, or the previous one past the window: someone replays a copy, so the
        /// session was revoked in the same transaction.
        case reused(SessionRecord)
        /// No live session (gone, or revoked before).
        case gone
    }
}
