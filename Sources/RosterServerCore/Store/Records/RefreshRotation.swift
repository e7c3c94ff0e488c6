import Foundation

/// One refresh of a session whose app rotates refresh tokens, decided in one transaction
/// (`ServerStore.rotateRefreshToken`): the token presented, by digest, and the token that
/// replaces it when it is the current one.
package struct RefreshRotation: Sendable {
    package var sessionId: String
    package var presentedDigest: String
    /// The replacement, used only when the presented token is the session's current one.
    package var next: Replacement
    package var at: Date
    /// The previous token is accepted again when it was replaced at or after this.
    package var graceSince: Date

    package struct Replacement: Sendable {
        package var digest: String
        /// The replacement sealed under the presented token (`RefreshTokenSeal`).
        package var sealed: Data
        package var generation: Int
    }

    /// What the store made of it.
    package enum Outcome: Sendable, Equatable {
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

    package init(sessionId: String, presentedDigest: String, next: Replacement, at: Date, graceSince: Date) {
        self.sessionId = sessionId
        self.presentedDigest = presentedDigest
        self.next = next
        self.at = at
        self.graceSince = graceSince
    }
}
