import Foundation

/// An email/password account. Its id is the `local-userpass` identity's provider id; the user is
/// made at the first log-in.
package struct EmailAccountRecord: Codable, Sendable, Equatable {
    package var id: String
    package var appId: String
    /// Lower-cased email.
    package var email: String
    package var passwordHash: String
    package var confirmed: Bool
    package var createdAt: Date

    package init(id: String, appId: String, email: String, passwordHash: String, confirmed: Bool, createdAt: Date) {
        self.id = id
        self.appId = appId
        self.email = email
        self.passwordHash = passwordHash
        self.confirmed = confirmed
        self.createdAt = createdAt
    }
}
