import Foundation

/// A logged-in session: what a refresh token stands for. Only the SHA-256 of the refresh token
/// is kept. A revoked or expired session authorizes nothing.
///
/// Where the app rotates refresh tokens, the session also knows the token the current one
/// replaced (its digest, and when), and keeps the current token sealed under that one: whoever
/// presents the replaced token within the grace window gets the same current token back, and
/// nobody without it can read it from the store.
struct SessionRecord: Codable, Sendable, Equatable {
    var id: String
    var appId: String
    var userId: String
    var deviceId: String
    var refreshDigest: String
    var createdAt: Date
    var expiresAt: Date
    var revoked: Bool
    /// How many times the refresh token was replaced.
    var refreshGeneration: Int = 0
    var previousRefreshDigest: String? = nil
    /// When the current refresh token replaced the previous one.
    var rotatedAt: Date? = nil
    /// The current refresh token, sealed under the previous one (`RefreshTokenSeal`).
    var sealedRefresh: Data? = nil
}
