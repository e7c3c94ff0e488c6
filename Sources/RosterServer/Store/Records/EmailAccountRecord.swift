import Foundation

/// An email/password account. Its id is the `local-userpass` identity's provider id; the user is
/// made at the first log-in.
struct EmailAccountRecord: Codable, Sendable, Equatable {
    var id: String
    var appId: String
    /// Lower-cased email.
    var email: String
    var passwordHash: String
    var confirmed: Bool
    var createdAt: Date
}
