import Foundation

/// Users and the identities they log in with.
package protocol UserStore: Sendable {
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
    /// When the user last opened a session (`UserAuthenticationRule`); nil when never.
    func lastAuthentication(appId: String, userId: String) async throws -> Date?
}
