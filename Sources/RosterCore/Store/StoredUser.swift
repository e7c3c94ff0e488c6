import Foundation
import GRDB
import RosterWire

/// One user as the device store holds it. `entry` tells apart successive stays of the same
/// user id on the device: a removed user that logs in again gets a new entry, so handles to the
/// old one stay removed (BEHAVIOURS 2, 25).
struct StoredUser: Sendable, Equatable {
    var id: String
    var entry: String
    var state: UserState
    var refreshToken: String?
    var accessToken: String?
    /// Device time at which the access token was received; its expiry in device time is this
    /// plus the token's lifetime (`exp - iat`), so a wrong device clock does not matter.
    var accessTokenReceivedAt: Date?
    var deviceId: String?
    var identities: [Identity]
    var profile: [String: JSONValue]
    var lastActive: Date?

    /// The claims of the access token, when it holds one that can be read.
    var accessClaims: AccessTokenClaims? {
        accessToken.flatMap { try? UnverifiedJWT.claims(AccessTokenClaims.self, of: $0) }
    }

    /// When the access token expires, in device time.
    var accessTokenExpiresAt: Date? {
        guard let receivedAt = accessTokenReceivedAt, let claims = accessClaims else { return nil }
        return receivedAt.addingTimeInterval(TimeInterval(claims.exp - claims.iat))
    }

    /// Logged in with exactly one identity, from `anon-user` (BEHAVIOURS 3).
    var isAnonymous: Bool {
        identities.count == 1 && identities[0].provider == .anonymous
    }

    /// How people know this user in messages: email, name, or "anonymous user …", or the id.
    var displayName: String {
        if let email = profile["email"]?.stringValue, !email.isEmpty { return email }
        if let name = profile["name"]?.stringValue, !name.isEmpty { return name }
        if isAnonymous { return "anonymous user \(id.prefix(8))" }
        return "user \(id)"
    }

    /// The same user without anything secret, as a removed handle keeps it.
    var withoutSession: StoredUser {
        var copy = self
        copy.refreshToken = nil
        copy.accessToken = nil
        copy.accessTokenReceivedAt = nil
        return copy
    }
}

extension StoredUser: FetchableRecord, PersistableRecord {
    static let databaseTableName = "user"

    enum Columns {
        static let id = Column("id")
        static let entry = Column("entry")
        static let state = Column("state")
        static let refreshToken = Column("refresh_token")
        static let accessToken = Column("access_token")
        static let accessTokenReceivedAt = Column("access_token_received_at")
        static let deviceId = Column("device_id")
        static let identities = Column("identities")
        static let profile = Column("profile")
        static let lastActive = Column("last_active")
    }

    init(row: Row) throws {
        id = row[Columns.id]
        entry = row[Columns.entry]
        let stateText: String = row[Columns.state]
        state = UserState(rawValue: stateText) ?? .loggedOut
        refreshToken = row[Columns.refreshToken]
        accessToken = row[Columns.accessToken]
        accessTokenReceivedAt = (row[Columns.accessTokenReceivedAt] as Double?).map(Date.init(timeIntervalSince1970:))
        deviceId = row[Columns.deviceId]
        let identitiesText: String = row[Columns.identities]
        identities = try WireCoding.decode([Identity].self, from: Data(identitiesText.utf8))
        let profileText: String = row[Columns.profile]
        profile = try WireCoding.decode([String: JSONValue].self, from: Data(profileText.utf8))
        lastActive = (row[Columns.lastActive] as Double?).map(Date.init(timeIntervalSince1970:))
    }

    func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.entry] = entry
        container[Columns.state] = state.rawValue
        container[Columns.refreshToken] = refreshToken
        container[Columns.accessToken] = accessToken
        container[Columns.accessTokenReceivedAt] = accessTokenReceivedAt?.timeIntervalSince1970
        container[Columns.deviceId] = deviceId
        container[Columns.identities] = String(decoding: try WireCoding.encode(identities), as: UTF8.self)
        container[Columns.profile] = String(decoding: try WireCoding.encode(profile), as: UTF8.self)
        container[Columns.lastActive] = lastActive?.timeIntervalSince1970
    }
}
