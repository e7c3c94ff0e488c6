import Foundation

/// A user of an app. `profile` is the compact JSON text of the profile `data` object (name,
/// email, custom-token metadata).
struct UserRecord: Codable, Sendable, Equatable {
    var id: String
    var appId: String
    var disabled: Bool
    var createdAt: Date
    var profile: String
}
