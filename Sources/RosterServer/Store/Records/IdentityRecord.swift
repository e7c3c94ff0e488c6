import Foundation

/// One way a user logs in: the provider and the provider's id for the user. An identity belongs
/// to exactly one user; (appId, providerType, providerId) is unique.
struct IdentityRecord: Codable, Sendable, Equatable {
    var appId: String
    var providerType: String
    var providerId: String
    var userId: String
    var createdAt: Date
}
