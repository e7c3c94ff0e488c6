import Foundation

/// A person who runs the server through the Admin API, as the admin commands list them: never
/// their password's hash.
public struct Operator: Sendable, Equatable {
    public var id: String
    public var email: String
    /// The group (App Services' project) their apps belong to.
    public var groupId: String
    public var createdAt: Date
}
