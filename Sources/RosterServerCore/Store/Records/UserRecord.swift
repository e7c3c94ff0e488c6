import Foundation

/// A user of an app. `profile` is the compact JSON text of the profile `data` object (name,
/// email, custom-token metadata).
package struct UserRecord: Codable, Sendable, Equatable {
    package var id: String
    package var appId: String
    package var disabled: Bool
    package var createdAt: Date
    package var profile: String

    package init(id: String, appId: String, disabled: Bool, createdAt: Date, profile: String) {
        self.id = id
        self.appId = appId
        self.disabled = disabled
        self.createdAt = createdAt
        self.profile = profile
    }
}
