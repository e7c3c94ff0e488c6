import Foundation

/// A logged-in session: what a refresh token stands for. Only the SHA-256 of the refresh token
/// is kept. A revoked or expired session authorizes nothing.
struct SessionRecord: Codable, Sendable, Equatable {
    var id: String
    var appId: String
    var userId: String
    var deviceId: String
    var refreshDigest: String
    var createdAt: Date
    var expiresAt: Date
    var revoked: Bool
}
