import Foundation

/// What the auth service keeps: signing keys, users and identities, sessions, email accounts,
/// API keys and documents. The services talk only to this protocol; `SQLiteServerStore` is the
/// driver for one machine, and a PostgreSQL driver can take its place for scale-out.
///
/// Every method that changes more than one row does so in one transaction, and every "if
/// absent" is decided inside the store, so several server processes over one database agree.
protocol ServerStore: Sendable {
    /// The secret stored under `name`, storing `candidate` first when there is none yet.
    func signingSecret(name: String, ifAbsent candidate: [UInt8]) async throws -> [UInt8]

    // MARK: Users and identities

    func user(appId: String, id: String) async throws -> UserRecord?
    func users(appId: String) async throws -> [UserRecord]
    func userCount(appId: String) async throws -> Int
    func identities(appId: String, userId: String) async throws -> [IdentityRecord]
    func identity(appId: String, providerType: String, providerId: String) async throws -> IdentityRecord?
    /// The user that owns `identity`'s provider id, or `newUser` stored with `identity` when
    /// nobody does. The identity's `userId` is ignored.
    func findOrCreateUser(identity: IdentityRecord, newUser: UserRecord) async throws -> UserRecord
    /// Adds an identity to its user; false when the provider id already belongs to a user.
    func addIdentity(_ identity: IdentityRecord) async throws -> Bool
    /// Replaces the profile text of a user.
    func updateProfile(appId: String, userId: String, profile: String) async throws
    /// Returns false when the user does not exist. Disabling revokes every session of the user in
    /// the same transaction.
    func setDisabled(appId: String, userId: String, disabled: Bool) async throws -> Bool
    /// Removes the user and everything that is theirs, in one transaction: identities, sessions,
    /// API keys, email accounts with their confirmation and reset tokens, and their documents in
    /// every collection that names an owner field (custom user data, `own` rules). False when
    /// absent.
    func deleteUser(appId: String, userId: String) async throws -> Bool

    // MARK: Sessions

    func insertSession(_ session: SessionRecord) async throws
    func session(id: String) async throws -> SessionRecord?
    func revokeSession(id: String) async throws
    /// Decides a refresh of a rotating session in one transaction: the current token is
    /// replaced by `rotation.next`; the previous one, within the grace window, gets the sealed
    /// replacement again; any other token of the session revokes it. Concurrent refreshes with
    /// one token therefore advance the session once.
    func rotateRefreshToken(_ rotation: RefreshRotation) async throws -> RefreshRotation.Outcome
    /// Revokes every live session of a user; returns how many were live.
    func revokeSessions(appId: String, userId: String) async throws -> Int
    func activeSessionCount(appId: String, userId: String, now: Date) async throws -> Int

    // MARK: Email accounts

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

    // MARK: Confirmation and reset tokens

    func insertAccountToken(_ token: AccountTokenRecord) async throws
    func accountToken(appId: String, id: String) async throws -> AccountTokenRecord?
    /// Uses a token once: true for the one caller that turned it from unused to used, when it
    /// has not expired at `now`. Every other unused token of the same email and purpose is
    /// retired with it.
    func redeemAccountToken(appId: String, id: String, now: Date) async throws -> Bool

    // MARK: API keys

    /// False when the user already has a key with this name.
    func insertAPIKey(_ key: APIKeyRecord) async throws -> Bool
    func apiKeys(appId: String, userId: String) async throws -> [APIKeyRecord]
    func apiKey(appId: String, userId: String, id: String) async throws -> APIKeyRecord?
    func apiKey(appId: String, digest: String) async throws -> APIKeyRecord?
    func setAPIKeyDisabled(appId: String, userId: String, id: String, disabled: Bool) async throws -> Bool
    func deleteAPIKey(appId: String, userId: String, id: String) async throws -> Bool

    // MARK: Documents

    func document(_ selector: DocumentSelector) async throws -> DocumentRecord?
    /// Replaces the body of the selected document, or inserts `record` when none matches.
    func replaceDocument(_ selector: DocumentSelector, with record: DocumentRecord) async throws
    /// The documents of the scope, in key order, that `select` turns into a value (nil skips
    /// one), at most `limit` of them; `select` runs as rows are read, so a query that stops
    /// early reads no further.
    func documents<Selected: Sendable>(
        _ scope: DocumentScope, limit: Int, _ select: @escaping @Sendable (DocumentRecord) throws -> Selected?
    ) async throws -> [Selected]
    /// How many documents of the scope `matches`.
    func countDocuments(_ scope: DocumentScope, _ matches: @escaping @Sendable (DocumentRecord) throws -> Bool) async throws -> Int
    /// Selects documents of the scope as `documents` does, lets `change` decide what to write,
    /// and writes it, all in one transaction, so concurrent updates never lose each other's
    /// changes.
    func changeDocuments<Selected: Sendable, T: Sendable>(
        _ scope: DocumentScope, limit: Int, select: @escaping @Sendable (DocumentRecord) throws -> Selected?,
        _ change: @escaping @Sendable ([Selected]) throws -> (DocumentWrites, T)
    ) async throws -> T
    /// Keeps `owner` of the collection's documents as the value of `field`: recorded once, and
    /// every document re-read when the field changes (a configuration that names another).
    func indexOwners(_ owner: OwnerField) async throws

    // MARK: Failed attempts

    /// The failures counted under `key`, if any are: `.some(nil)` when counted with no wait,
    /// `.some(date)` when attempts must wait until `date` (which may have passed).
    func attemptsWait(appId: String, key: AttemptKey) async throws -> Date??
    /// Counts one failure under each key, in one transaction, with `rule` deciding each key's
    /// wait from its counts; the latest wait among them.
    func recordFailure(appId: String, keys: [AttemptKey], now: Date, rule: @escaping @Sendable (AttemptCounts) -> Date?) async throws -> Date?
    /// Forgets the failures under `key` (a success).
    func clearFailures(appId: String, key: AttemptKey) async throws

    // MARK: Audit

    func appendAudit(_ entry: AuditEntry) async throws
    /// Newest first.
    func auditEntries(appId: String, _ query: AuditQuery) async throws -> [AuditEntry]

    // MARK: Purge

    /// Removes dead records of an app as `rule` says, at most `rule.limit` of each kind, in one
    /// transaction.
    func purge(_ rule: PurgeRule) async throws -> PurgeReport

    // MARK: Seeding

    /// Stores `seeds` when the app has no users, in one transaction; false when it had users.
    func seedIfEmpty(appId: String, _ seeds: [SeedUser]) async throws -> Bool
}
