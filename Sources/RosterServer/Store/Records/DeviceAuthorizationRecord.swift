import Foundation

/// A device log-in in progress (RFC 8628): a terminal asked for it with a device code, which
/// the store keeps only as its SHA-256 digest, and a person approves or denies it on another
/// device by typing the short user code. Tokens are never kept here: the session is opened by
/// the poll that finds the authorization approved, which uses it up.
struct DeviceAuthorizationRecord: Codable, Sendable, Equatable {
    enum State: String, Codable, Sendable {
        case pending, approved, denied, used
    }

    var id: String
    var appId: String
    /// The SHA-256 (hex) of the device code.
    var codeDigest: String
    /// The user code, normalized: 8 capital consonants, no hyphen (`DeviceUserCode`).
    var userCode: String
    /// What the terminal says it is (`roster`) and where it runs (`lab-3`).
    var client: String?
    var terminal: String?
    var startedAt: Date
    var expiresAt: Date
    /// The seconds a poll waits for the next; each `slow_down` adds 5.
    var intervalSeconds: Int
    var lastPollAt: Date?
    var state: State
    /// Who approved it, and through which provider (wire name).
    var userId: String?
    var provider: String?
    /// For a link start: the user and the session of the bearer's access token.
    var linkUserId: String?
    var linkSessionId: String?

    var isLink: Bool { linkUserId != nil }
}

/// What a poll found, decided in the store in one transaction with the poll itself.
enum DevicePoll: Sendable, Equatable {
    /// No such device code, or one already used.
    case unknown
    case expired
    /// Polled sooner than the interval; the interval it has now.
    case slowDown(interval: Int)
    case pending
    case denied
    case approved(DeviceAuthorizationRecord)
}

/// A person's answer on the approval page.
enum DeviceDecision: Sendable, Equatable {
    case approved(userId: String, provider: String)
    case denied
}
