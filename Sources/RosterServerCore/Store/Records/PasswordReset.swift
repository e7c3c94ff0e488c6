import Foundation

/// A new password for an email account, set by redeeming a reset token (`ServerStore.resetPassword`).
package struct PasswordReset: Sendable {
    package var appId: String
    package var email: String
    package var passwordHash: String
    /// The reset token that allows it; used up by the same transaction.
    package var tokenId: String
    package var now: Date
    /// Whether every session of the account's user ends with the old password
    /// (`local-userpass.endSessionsOnReset`, on by default).
    package var endingSessions: Bool

    package init(appId: String, email: String, passwordHash: String, tokenId: String, now: Date, endingSessions: Bool) {
        self.appId = appId
        self.email = email
        self.passwordHash = passwordHash
        self.tokenId = tokenId
        self.now = now
        self.endingSessions = endingSessions
    }
}
