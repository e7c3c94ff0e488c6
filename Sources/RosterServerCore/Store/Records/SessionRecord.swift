import Foundation

/// A logged-in session: what a refresh token stands for. Only the SHA-256 of the refresh token
/// is kept. A revoked or expired session authorizes nothing.
///
/// Where the app rotates refresh tokens, the session also knows the token the current one
/// replaced (its digest, and when), and keeps the current token sealed under that one: whoever
/// presents the replaced token within the grace window gets the same current token back, and
/// nobody without it can read it from the store.
package struct SessionRecord: Codable, Sendable, Equatable {
    package var id: String
    package var appId: String
    package var userId: String
    package var deviceId: String
    package var refreshDigest: String
    package var createdAt: Date
    package var expiresAt: Date
    package var revoked: Bool
    /// How many times the refresh token was replaced.
    package var refreshGeneration: Int = 0
    package var previousRefreshDigest: String? = nil
    /// When the current refresh token replaced the previous one.
    package var rotatedAt: Date? = nil
    /// The current refresh token, sealed under the previous one (`RefreshTokenSeal`).
    package var sealedRefresh: Data? = nil

    package init(id: String, appId: String, userId: String, deviceId: String, refreshDigest: String, createdAt: Date, expiresAt: Date, revoked: Bool, refreshGeneration: Int = 0, previousRefreshDigest: String? = nil, rotatedAt: Date? = nil, sealedRefresh: Data? = nil) {
        self.id = id
        self.appId = appId
        self.userId = userId
        self.deviceId = deviceId
        self.refreshDigest = refreshDigest
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revoked = revoked
        self.refreshGeneration = refreshGeneration
        self.previousRefreshDigest = previousRefreshDigest
        self.rotatedAt = rotatedAt
        self.sealedRefresh = sealedRefresh
    }
}
