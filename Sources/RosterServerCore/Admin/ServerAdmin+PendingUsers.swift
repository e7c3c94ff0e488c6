import Foundation

/// Registrations not yet confirmed (App Services' pending users), as an administrator sees and
/// settles them: listed, confirmed (the person then logs in as after confirming by token), or
/// deleted with the tokens sent to them.
///
///     let pending = try await admin.pendingUsers(appId: "kiosk", after: nil, limit: 50)
///     try await admin.confirmPendingUser(appId: "kiosk", email: pending[0].email)
extension ServerAdmin {
    /// At most `limit` pending registrations in the order of their ids, after the id `after`.
    public func pendingUsers(appId: String, after: String?, limit: Int) async throws -> [PendingUser] {
        let app = try app(appId)
        return try await store.pendingEmailAccounts(appId: app.id, after: after, limit: limit).map {
            PendingUser(id: $0.id, email: $0.email, createdAt: $0.createdAt)
        }
    }

    /// Confirms the pending registration of `email` (any case): `userNotFound` when there is
    /// none, `alreadyConfirmed` when it is confirmed.
    public func confirmPendingUser(appId: String, email rawEmail: String) async throws {
        let app = try app(appId)
        let email = EmailPasswordProvider.normalize(rawEmail)
        guard try await store.confirmEmailAccount(appId: app.id, email: email) else {
            guard try await store.emailAccount(appId: app.id, email: email) != nil else { throw ServerAdminError.userNotFound(email) }
            throw ServerAdminError.alreadyConfirmed(email)
        }
    }

    /// Deletes the pending registration of `email` (any case) and the tokens sent to it, so the
    /// email can register again: `userNotFound` when there is none, `alreadyConfirmed` when it is
    /// confirmed (delete the user instead).
    public func deletePendingUser(appId: String, email rawEmail: String) async throws {
        let app = try app(appId)
        let email = EmailPasswordProvider.normalize(rawEmail)
        guard try await store.deletePendingEmailAccount(appId: app.id, email: email) else {
            guard try await store.emailAccount(appId: app.id, email: email) != nil else { throw ServerAdminError.userNotFound(email) }
            throw ServerAdminError.alreadyConfirmed(email)
        }
    }
}
