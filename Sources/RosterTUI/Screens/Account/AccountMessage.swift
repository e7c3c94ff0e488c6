import Foundation

/// A reset or confirmation message the server left where this device can read it (the
/// embedded default's outbox folder): the token and its id, for the account form to fill in so
/// nobody has to leave the switcher and open a file. Its description hides the token.
public struct AccountMessage: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public enum Kind: Sendable, Equatable { case reset, confirm }

    public let kind: Kind
    /// The address the message went to.
    public let to: String
    public let tokenId: String
    public let token: String

    public init(kind: Kind, to: String, tokenId: String, token: String) {
        self.kind = kind
        self.to = to
        self.tokenId = tokenId
        self.token = token
    }

    public var description: String { "AccountMessage(\(kind), to: \(to))" }
    public var debugDescription: String { description }
}

/// Where the server's reset and confirmation messages can be read on this device; only the
/// embedded default has one (a real server mails them).
public protocol MessageOutbox: Sendable {
    /// The newest message of `kind` to `email` written at or after `since`; nil when none is.
    func newest(_ kind: AccountMessage.Kind, to email: String, since: Date) throws -> AccountMessage?
}
