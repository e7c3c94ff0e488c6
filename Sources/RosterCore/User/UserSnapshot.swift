import Foundation
import RosterWire

/// One user as it stands at one moment, as plain values and without any token: what a screen
/// listing thousands of users reads in one pass instead of asking each `User` handle.
public struct UserSnapshot: Sendable, Equatable, Identifiable {
    public let id: String
    public let displayName: String
    public let state: UserState
    public let isCurrent: Bool
    public let isAnonymous: Bool
    public let identities: [Identity]
    public let profile: UserProfile
    /// The `user_data` of the access token, `{}` when logged out or without a document.
    public let customData: JSONValue
    /// The device time the access token (and so the custom data) arrived.
    public let customDataIssuedAt: Date?
    public let accessTokenExpiresAt: Date?
    public let deviceId: String?
    public let lastActive: Date?

    init(row: StoredUser, currentUserId: String?) {
        id = row.id
        displayName = row.displayName
        state = row.state
        isCurrent = row.state == .loggedIn && row.id == currentUserId
        isAnonymous = row.isAnonymous
        identities = row.identities
        profile = UserProfile(data: row.profile)
        deviceId = row.deviceId
        lastActive = row.lastActive
        // Only three claims are wanted, from as many tokens as there are users: read the payload
        // as a document rather than decoding every claim.
        let claims = row.state == .loggedIn ? row.accessToken.flatMap { try? UnverifiedJWT.payloadDocument(of: $0) } : nil
        let data = claims?["user_data"]
        customData = data?.objectValue == nil ? .emptyObject : data!
        customDataIssuedAt = row.state == .loggedIn ? row.accessTokenReceivedAt : nil
        if let issuedAt = claims?["iat"]?.intValue, let expiry = claims?["exp"]?.intValue, let receivedAt = row.accessTokenReceivedAt {
            accessTokenExpiresAt = receivedAt.addingTimeInterval(TimeInterval(expiry - issuedAt))
        } else {
            accessTokenExpiresAt = nil
        }
    }
}

extension App {
    /// Every user on the device, read from the store in one pass. Throws when the store cannot
    /// be read, so a screen can say so instead of showing nobody.
    public func userSnapshots() throws -> [UserSnapshot] {
        let store = sessions.store
        let current = try store.currentUserId()
        return try store.users { UserSnapshot(row: $0, currentUserId: current) }
    }
}
