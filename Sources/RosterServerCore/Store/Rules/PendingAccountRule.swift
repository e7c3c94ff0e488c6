/// Email/password registrations not yet confirmed (App Services' pending users), the same for
/// every store driver. A pending account has no user: the user is made at its first log-in,
/// which confirmation allows.
///
///     let taken = try db.count(PendingAccountRule.deletion(appId: appId, email: email)[0]) > 0
package enum PendingAccountRule {
    /// The statements deleting the pending account of `email`, to run in order in one
    /// transaction: the first deletes the account and returns its id when it was pending (a
    /// confirmed account is left alone, and then the rest must not run); the rest delete the
    /// confirmation and reset tokens sent to it.
    package static func deletion(appId: String, email: String) -> [StoreStatement] {
        [
            "DELETE FROM email_accounts WHERE app_id = \(appId) AND email = \(email) AND NOT confirmed RETURNING id",
            "DELETE FROM account_tokens WHERE app_id = \(appId) AND email = \(email) RETURNING id",
        ]
    }
}
