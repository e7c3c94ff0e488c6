import Foundation

/// A confirmation or reset token of an email account. Only the token's SHA-256 is kept; the
/// token id is public (it names the record). A token is good once, until `expiresAt`.
struct AccountTokenRecord: Codable, Sendable, Equatable {
    enum Purpose: String, Codable, Sendable {
        case confirm, reset
    }

    /// The token id.
    var id: String
    var appId: String
    /// Lower-cased email of the account.
    var email: String
    var purpose: Purpose
    var digest: String
    var createdAt: Date
    var expiresAt: Date
    var used: Bool
}
