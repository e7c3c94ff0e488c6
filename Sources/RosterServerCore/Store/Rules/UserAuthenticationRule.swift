/// When a user last logged in, the same for every store driver: every session opened (a log-in
/// with any provider, a link, a device log-in) stamps its user with the session's start, in the
/// transaction that stores the session. A refresh opens no session and so is no log-in. The
/// Admin API answers the stamp as `last_authentication_date`.
///
///     try db.count(UserAuthenticationRule.statement(for: session))   // beside the session's insert
package enum UserAuthenticationRule {
    /// Sets the user's `last_authenticated_at` to the session's start.
    package static func statement(for session: SessionRecord) -> StoreStatement {
        """
        UPDATE users SET last_authenticated_at = \(session.createdAt) WHERE app_id = \(session.appId) AND id = \(session.userId)
        RETURNING id
        """
    }
}
