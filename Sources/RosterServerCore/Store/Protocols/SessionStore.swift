import Foundation

/// Sessions: what a refresh token stands for, their revocation and rotation.
package protocol SessionStore: Sendable {
    func insertSession(_ session: SessionRecord) async throws
    func session(id: String) async throws -> SessionRecord?
    /// The session `id`, the user `userId` of the session's app, and, when `customData` names
    /// a document of the session's app (the token names the app, so the caller can choose it
    /// before the read), that document: in one read, for the requests that bear a token (a
    /// refresh, every authorized route). Nil when there is no such session.
    func sessionContext(id: String, userId: String, customData: DocumentSelector?) async throws -> SessionContext?
    func revokeSession(id: String) async throws
    /// Decides a refresh of a rotating session in one transaction: the current token is
    /// replaced by `rotation.next`; the previous one, within the grace window, gets the sealed
    /// replacement again; any other token of the session revokes it. Concurrent refreshes with
    /// one token therefore advance the session once. `RefreshRotationRule` decides.
    func rotateRefreshToken(_ rotation: RefreshRotation) async throws -> RefreshRotation.Outcome
    /// Revokes every live session of a user; returns how many were live.
    func revokeSessions(appId: String, userId: String) async throws -> Int
    func activeSessionCount(appId: String, userId: String, now: Date) async throws -> Int
}
