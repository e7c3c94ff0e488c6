/// Email/password accounts: their password hashes, confirmation and resets.
package protocol EmailAccountStore: Sendable {
    func emailAccount(appId: String, email: String) async throws -> EmailAccountRecord?
    /// False when the email is taken.
    func insertEmailAccount(_ account: EmailAccountRecord) async throws -> Bool
    /// Stores an account with its user and identity at once. False when the email is taken.
    func createEmailUser(account: EmailAccountRecord, user: UserRecord, identity: IdentityRecord) async throws -> Bool
    /// Marks an account confirmed; false when it was already (or does not exist).
    func confirmEmailAccount(appId: String, email: String) async throws -> Bool
    /// Sets a new password hash with a reset token, in one transaction: the token is redeemed
    /// (false, and nothing changed, when another request used it first or it expired at `now`),
    /// and with `endingSessions` every session of the account's user is revoked.
    func resetPassword(_ reset: PasswordReset) async throws -> Bool
    /// Removes an account no user has logged in with yet (a registration a function refused).
    func deleteUnusedEmailAccount(appId: String, email: String) async throws
    /// At most `limit` accounts not yet confirmed, in the order of their ids, those after the id
    /// `after` when it is given (the Admin API's pending users).
    func pendingEmailAccounts(appId: String, after: String?, limit: Int) async throws -> [EmailAccountRecord]
    /// Removes an account not yet confirmed with the tokens sent to it (`PendingAccountRule`);
    /// false, and nothing changed, when there is no such account or it is confirmed.
    func deletePendingEmailAccount(appId: String, email: String) async throws -> Bool
}
