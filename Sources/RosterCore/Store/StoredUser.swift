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
    /// The tokens as the store keeps them: sealed. `nil` when logged out.
    var sealed: SealedSession?
    /// The session's revocation token, sealed with the device key alone
    /// (`SessionSealer.sealRevocation`); `nil` when logged out or the server gave none.
    var revocationBox: Data?
    /// The tokens opened from `sealed`, in memory only; never written. `nil` until the session
    /// core opens the row with the user's key.
    var secrets: SessionSecrets?
    /// Device time at which the access token was received; its expiry in device time is this
    /// plus the token's lifetime (`exp - iat`), so a wrong device clock does not matter.
    var accessTokenReceivedAt: Date?
    /// The access token's lifetime (`exp - iat`), kept in clear so expiry is known without
    /// opening the seal.
    var accessTokenLifetime: TimeInterval?
    var deviceId: String?
    var identities: [Identity]
    var profile: JSONObject
    var lastActive: Date?
    /// Wrong PINs (or passwords) in a row, counted across processes (BEHAVIOURS 45).
    var wrongSecrets: Int = 0
    /// No PIN is checked before this device time.
    var secretRetryAt: Date?

    var refreshToken: String? { secrets?.refreshToken }
    var accessToken: String? { secrets?.accessToken }

    /// The claims of the access token, when the row is open and its token can be read.
    var accessClaims: AccessTokenClaims? {
        accessToken.flatMap { try? UnverifiedJWT.accessClaims(of: $0) }
    }

    /// When the access token expires, in device time.
    var accessTokenExpiresAt: Date? {
        guard let receivedAt = accessTokenReceivedAt, let lifetime = accessTokenLifetime else { return nil }
        return receivedAt.addingTimeInterval(lifetime)
    }

    /// Logged in with exactly one identity, from `anon-user` (BEHAVIOURS 3).
    var isAnonymous: Bool {
        identities.count == 1 && identities[0].provider == .anonymous
    }

    /// How people know this user in messages: email, name, or "anonymous user …", or the id.
    /// An anonymous user is known by the end of their id: ids made in one second by one server
    /// differ there (their counter), never in their first digits (the second they were made).
    var displayName: String {
        Self.displayName(id: id, isAnonymous: isAnonymous, profile: profile)
    }

    static func displayName(id: String, isAnonymous: Bool, profile: JSONObject) -> String {
        if let email = profile["email"]?.stringValue, !email.isEmpty { return email }
        if let name = profile["name"]?.stringValue, !name.isEmpty { return name }
        if isAnonymous { return "anonymous user \(Self.shortId(id))" }
        return "user \(id)"
    }

    /// The key `ListOrder.name` sorts by: the name without case, kept in its own indexed column
    /// (`list_name`) so a window of the list is read without the rest.
    var listName: String { displayName.lowercased() }

    /// The last 8 characters of an id: the part that tells apart ids made close together.
    static func shortId(_ id: String) -> String { String(id.suffix(8)) }

    /// The same user without anything secret, as a removed handle keeps it.
    var withoutSession: StoredUser {
        var copy = self
        copy.sealed = nil
        copy.secrets = nil
        copy.revocationBox = nil
        copy.accessTokenReceivedAt = nil
        copy.accessTokenLifetime = nil
        return copy
    }
}

extension StoredUser: FetchableRecord, PersistableRecord {
    static let databaseTableName = "user"

    enum Columns {
        static let id = Column("id")
        static let entry = Column("entry")
        static let state = Column("state")
        static let accessTokenReceivedAt = Column("access_token_received_at")
        static let accessTokenLifetime = Column("access_token_lifetime")
        static let sealedBox = Column("sealed_box")
        static let sealKind = Column("seal_kind")
        static let sealedBy = Column("sealed_by")
        static let sealSalt = Column("seal_salt")
        static let sealCost = Column("seal_cost")
        static let sealCheck = Column("seal_check")
        static let sealUnlockId = Column("seal_unlock_id")
        static let wrongSecrets = Column("wrong_secrets")
        static let secretRetryAt = Column("secret_retry_at")
        static let revocationBox = Column("revocation_box")
        static let deviceId = Column("device_id")
        static let identities = Column("identities")
        static let profile = Column("profile")
        static let lastActive = Column("last_active")
        static let listName = Column("list_name")
    }

    /// Every query selects the columns in this order, so rows are read by position: looking
    /// columns up by name costs more than the rest when thousands of users are read.
    static var databaseSelection: [any SQLSelectable] { [
        Columns.id, Columns.entry, Columns.state, Columns.sealedBox, Columns.sealKind,
        Columns.accessTokenReceivedAt, Columns.deviceId, Columns.identities, Columns.profile, Columns.lastActive,
        Columns.sealedBy, Columns.sealSalt, Columns.sealCost, Columns.sealCheck, Columns.accessTokenLifetime,
        Columns.wrongSecrets, Columns.secretRetryAt, Columns.revocationBox, Columns.sealUnlockId,
    ] }

    init(row: Row) throws {
        id = row[0]
        entry = row[1]
        let stateText: String = row[2]
        state = UserState(rawValue: stateText) ?? .loggedOut
        if let box: Data = row[3], let kindText: String = row[4], let kind = SealKind(rawValue: kindText),
            let sealedBy: String = row[10]
        {
            let costText: String? = row[12]
            sealed = SealedSession(
                box: box, kind: kind, sealedBy: sealedBy, salt: row[11], cost: costText.flatMap(SecretKeyDerivation.init(text:)),
                check: row[13], unlockId: row[18])
        }
        accessTokenReceivedAt = (row[5] as Double?).map(Date.init(timeIntervalSince1970:))
        deviceId = row[6]
        // The exact parser rather than Codable: a screen reads thousands of these at once.
        let identitiesText: String = row[7]
        guard let identities = Identity.list(from: try JSONValue(parsing: identitiesText)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "identities of user \(id) are not a list"))
        }
        self.identities = identities
        let profileText: String = row[8]
        guard let profile = try JSONValue(parsing: profileText).objectValue else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "profile of user \(id) is not an object"))
        }
        self.profile = profile
        lastActive = (row[9] as Double?).map(Date.init(timeIntervalSince1970:))
        accessTokenLifetime = row[14]
        wrongSecrets = row[15] ?? 0
        secretRetryAt = (row[16] as Double?).map(Date.init(timeIntervalSince1970:))
        revocationBox = row[17]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.entry] = entry
        container[Columns.state] = state.rawValue
        container[Columns.sealedBox] = sealed?.box
        container[Columns.sealKind] = sealed?.kind.rawValue
        container[Columns.sealedBy] = sealed?.sealedBy
        container[Columns.sealSalt] = sealed?.salt
        container[Columns.sealCost] = sealed?.cost?.text
        container[Columns.sealCheck] = sealed?.check
        container[Columns.sealUnlockId] = sealed?.unlockId
        container[Columns.accessTokenReceivedAt] = accessTokenReceivedAt?.timeIntervalSince1970
        container[Columns.accessTokenLifetime] = accessTokenLifetime
        container[Columns.wrongSecrets] = wrongSecrets
        container[Columns.secretRetryAt] = secretRetryAt?.timeIntervalSince1970
        container[Columns.revocationBox] = revocationBox
        container[Columns.deviceId] = deviceId
        container[Columns.identities] = String(decoding: try WireCoding.encode(identities), as: UTF8.self)
        container[Columns.profile] = String(decoding: try WireCoding.encode(profile), as: UTF8.self)
        container[Columns.lastActive] = lastActive?.timeIntervalSince1970
        container[Columns.listName] = listName
    }
}
