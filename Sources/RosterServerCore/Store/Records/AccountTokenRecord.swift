import Foundation

/// A confirmation or reset token of an email account. Only the token's SHA-256 is kept; the
/// token id is public (it names the record). A token is good once, until `expiresAt`.
package struct AccountTokenRecord: Codable, Sendable, Equatable {
    package enum Purpose: String, Codable, Sendable {
        case confirm, reset
    }

    /// The token id.
    package var id: String
    package var appId: String
    /// Lower-cased email of the account.
    package var email: String
    package var purpose: Purpose
    package var digest: String
    package var createdAt: Date
    package var expiresAt: Date
    package var used: Bool

    package init(id: String, appId: String, email: String, purpose: Purpose, digest: String, createdAt: Date, expiresAt: Date, used: Bool) {
        self.id = id
        self.appId = appId
        self.email = email
        self.purpose = purpose
        self.digest = digest
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.used = used
    }
}
