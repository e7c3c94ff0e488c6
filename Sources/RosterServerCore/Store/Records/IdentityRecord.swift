import Foundation
import RosterWire

/// One way a user logs in: the provider and the provider's id for the user. An identity belongs
/// to exactly one user; (appId, providerType, providerId) is unique.
package struct IdentityRecord: Codable, Sendable, Equatable {
    package var appId: String
    package var providerType: String
    package var providerId: String
    package var userId: String
    package var createdAt: Date

    package init(appId: String, providerType: String, providerId: String, userId: String, createdAt: Date) {
        self.appId = appId
        self.providerType = providerType
        self.providerId = providerId
        self.userId = userId
        self.createdAt = createdAt
    }
}

extension UserType {
    /// The type of a user with these stored identities (`UserType(providerTypes:)`).
    package init(records: [IdentityRecord]) {
        self.init(providerTypes: records.lazy.map(\.providerType))
    }
}
