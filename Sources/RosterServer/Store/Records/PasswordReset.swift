import Foundation

/// A new password for an email account, set by redeeming a reset token (`ServerStore.resetPassword`).
struct PasswordReset: Sendable {
    var appId: String
    var email: String
    var passwordHash: String
    /// The reset token that allows it; used up by the same transaction.
    var tokenId: String
    var now: Date
    /// Whether every session of the account's user ends with the old password
    /// (`local-userpass.endSessionsOnReset`, on by default).
    var endingSessions: Bool
}
