import Foundation

/// A user API key. Only the SHA-256 of the key is kept; names are unique per user.
package struct APIKeyRecord: Codable, Sendable, Equatable {
    package var id: String
    package var appId: String
    package var userId: String
    package var name: String
    package var keyDigest: String
    package var disabled: Bool
    package var createdAt: Date

    package init(id: String, appId: String, userId: String, name: String, keyDigest: String, disabled: Bool, createdAt: Date) {
        self.id = id
        self.appId = appId
        self.userId = userId
        self.name = name
        self.keyDigest = keyDigest
        self.disabled = disabled
        self.createdAt = createdAt
    }
}
