import Foundation

/// A device log-in in progress (RFC 8628): a terminal asked for it with a device code, which
/// the store keeps only as its SHA-256 digest, and a person approves or denies it on another
/// device by typing the short user code. Tokens are never kept here: the session is opened by
/// the poll that finds the authorization approved, which uses it up.
package struct DeviceAuthorizationRecord: Codable, Sendable, Equatable {
    package enum State: String, Codable, Sendable {
        case pending, approved, denied, used
    }

    package var id: String
    package var appId: String
    /// The SHA-256 (hex) of the device code.
    package var codeDigest: String
    /// The user code, normalized: 8 capital consonants, no hyphen (`DeviceUserCode`).
    package var userCode: String
    /// What the terminal says it is (`roster`) and where it runs (`lab-3`).
    package var client: String?
    package var terminal: String?
    package var startedAt: Date
    package var expiresAt: Date
    /// The seconds a poll waits for the next; each `slow_down` adds 5.
    package var intervalSeconds: Int
    package var lastPollAt: Date?
    package var state: State
    /// Who approved it, and through which provider (wire name).
    package var userId: String?
    package var provider: String?
    /// For a link start: the user and the session of the bearer's access token.
    package var linkUserId: String?
    package var linkSessionId: String?

    package var isLink: Bool { linkUserId != nil }

    package init(id: String, appId: String, codeDigest: String, userCode: String, client: String? = nil, terminal: String? = nil, startedAt: Date, expiresAt: Date, intervalSeconds: Int, lastPollAt: Date? = nil, state: State, userId: String? = nil, provider: String? = nil, linkUserId: String? = nil, linkSessionId: String? = nil) {
        self.id = id
        self.appId = appId
        self.codeDigest = codeDigest
        self.userCode = userCode
        self.client = client
        self.terminal = terminal
        self.startedAt = startedAt
        self.expiresAt = expiresAt
        self.intervalSeconds = intervalSeconds
        self.lastPollAt = lastPollAt
        self.state = state
        self.userId = userId
        self.provider = provider
        self.linkUserId = linkUserId
        self.linkSessionId = linkSessionId
    }
}

/// What a poll found, decided in the store in one transaction with the poll itself.
package enum DevicePoll: Sendable, Equatable {
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
package enum DeviceDecision: Sendable, Equatable {
    case approved(userId: String, provider: String)
    case denied
}
