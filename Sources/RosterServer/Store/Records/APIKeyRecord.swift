import Foundation

/// A user API key. Only the SHA-256 of the key is kept; names are unique per user.
struct APIKeyRecord: Codable, Sendable, Equatable {
    var id: String
    var appId: String
    var userId: String
    var name: String
    var keyDigest: String
    var disabled: Bool
    var createdAt: Date
}
