import Foundation

/// What a refresh of a rotating session does, the same for every store driver: the current
/// token is replaced, the previous one within the grace window gets its replacement again, any
/// other token of the session revokes it (someone replays a copy), and a revoked or missing
/// session is gone. The driver loads the session under a lock and writes back what it is told.
///
///     let decision = RefreshRotationRule.decide(session, rotation)
///     if let changed = decision.write { /* UPDATE the session's row */ }
package enum RefreshRotationRule {
    package struct Decision: Sendable, Equatable {
        package var outcome: RefreshRotation.Outcome
        /// The session as it is to be written back; nil when its row stays as it is.
        package var write: SessionRecord?
    }

    /// Decides `rotation` against the session as stored, nil when there is none.
    package static func decide(_ stored: SessionRecord?, _ rotation: RefreshRotation) -> Decision {
        guard var session = stored, !session.revoked else { return Decision(outcome: .gone, write: nil) }
        if ConstantTime.equals(session.refreshDigest, rotation.presentedDigest) {
            session.previousRefreshDigest = session.refreshDigest
            session.refreshDigest = rotation.next.digest
            session.sealedRefresh = rotation.next.sealed
            session.refreshGeneration = rotation.next.generation
            session.rotatedAt = rotation.at
            return Decision(outcome: .rotated, write: session)
        }
        if let previous = session.previousRefreshDigest, ConstantTime.equals(previous, rotation.presentedDigest),
            let rotatedAt = session.rotatedAt, rotatedAt >= rotation.graceSince, let sealed = session.sealedRefresh
        {
            return Decision(outcome: .replacedRecently(sealed: sealed), write: nil)
        }
        session.revoked = true
        return Decision(outcome: .reused(session), write: session)
    }
}
