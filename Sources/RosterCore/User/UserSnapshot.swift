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
    /// The `user_data` of the access token, `{}` when logged out or without a document. Only the
    /// active user's session is opened for a snapshot (`sessionOpened`).
    public let customData: JSONValue
    /// Whether the custom data was read: the user is active and this process holds its key.
    public let sessionOpened: Bool
    /// Logged in with a session sealed by a PIN (or password) this process was not given.
    public let isLocked: Bool
    /// What opens the session when it is sealed with a secret of the user's.
    public let secretKind: SecretKind?
    /// The device time the access token (and so the custom data) arrived.
    public let customDataIssuedAt: Date?
    public let accessTokenExpiresAt: Date?
    public let deviceId: String?
    public let lastActive: Date?

    init(row: StoredUser, currentUserId: String?, keys: SessionKeys) {
        id = row.id
        displayName = row.displayName
        state = row.state
        isCurrent = row.state == .loggedIn && row.id == currentUserId
        isAnonymous = row.isAnonymous
        identities = row.identities
        profile = UserProfile(data: row.profile)
        deviceId = row.deviceId
        lastActive = row.lastActive
        isLocked = row.state == .loggedIn && row.sealed != nil && !keys.isUnlocked(row)
        secretKind = row.state == .loggedIn ? row.sealed.flatMap { $0.kind.needsSecret ? $0.secretKind : nil } : nil
        // Unsealed material is for the active user only: thousands of other users' sessions
        // stay sealed, and a list of them costs no decryption.
        let opened = isCurrent ? keys.openedIfUnlocked(row) : nil
        let claims = opened?.accessToken.flatMap { try? UnverifiedJWT.payloadDocument(of: $0) }
        let data = claims?["user_data"]
        customData = data?.objectValue == nil ? .emptyObject : data!
        sessionOpened = opened != nil
        customDataIssuedAt = row.state == .loggedIn ? row.accessTokenReceivedAt : nil
        accessTokenExpiresAt = row.state == .loggedIn ? row.accessTokenExpiresAt : nil
    }
}

extension App {
    /// The device store's revision: it grows with every change of the users, so a reader can
    /// tell which of two reads is newer.
    public func storeRevision() throws -> Int {
        try store.revision()
    }

    /// Every user on the device, read from the store in one pass. Throws when the store cannot
    /// be read, so a screen can say so instead of showing nobody.
    public func userSnapshots() throws -> [UserSnapshot] {
        let store = store
        let current = try store.currentUserId()
        let keys = keys
        return try store.users { UserSnapshot(row: $0, currentUserId: current, keys: keys) }
    }
}
