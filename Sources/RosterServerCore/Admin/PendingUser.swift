import Foundation

/// A registration not yet confirmed: no user exists for it until its first log-in.
public struct PendingUser: Sendable, Equatable {
    /// The email account's id (the identity's provider id once the person logs in).
    public var id: String
    public var email: String
    public var createdAt: Date
}
