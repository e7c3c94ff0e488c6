import Foundation
import RosterWire

/// A user as an administrator sees it.
public struct AdminUser: Sendable, Equatable, Codable {
    public var id: String
    public var identities: [Identity]
    public var email: String?
    public var name: String?
    public var disabled: Bool
    public var createdAt: Date
    /// Sessions neither revoked nor expired.
    public var activeSessions: Int
    /// When the user last logged in (opened a session); nil when not since Roster keeps it.
    public var lastAuthenticatedAt: Date?

    /// `server` for a server API key's user, which its identities tell.
    public var type: UserType { UserType(identities: identities) }

    public init(
        id: String, identities: [Identity], email: String?, name: String?, disabled: Bool, createdAt: Date, activeSessions: Int,
        lastAuthenticatedAt: Date? = nil
    ) {
        self.id = id
        self.identities = identities
        self.email = email
        self.name = name
        self.disabled = disabled
        self.createdAt = createdAt
        self.activeSessions = activeSessions
        self.lastAuthenticatedAt = lastAuthenticatedAt
    }
}
