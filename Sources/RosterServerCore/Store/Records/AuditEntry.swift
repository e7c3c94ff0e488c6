import Foundation

/// One line of the audit trail: what happened to whom, from where. Never a secret: no password,
/// token, key or custom data; an email only where it names the account acted on.
public struct AuditEntry: Sendable, Equatable, Codable {
    public enum Event: String, Sendable, Codable, CaseIterable {
        case loggedIn = "login"
        case loginFailed = "login-failed"
        case loginLimited = "login-limited"
        case loggedOut = "logout"
        /// A replaced refresh token presented after its grace window: the session was ended.
        case refreshTokenReused = "refresh-token-reused"
        case registered = "register"
        case passwordReset = "password-reset"
        case apiKeyCreated = "api-key-created"
        case apiKeyDeleted = "api-key-deleted"
        case apiKeyEnabled = "api-key-enabled"
        case apiKeyDisabled = "api-key-disabled"
        case userDeleted = "user-deleted"
        case requestLimited = "request-limited"
        case admin = "admin"
        /// A terminal asked for a device log-in; its detail is the client and terminal it named.
        case deviceStarted = "device-start"
        /// A person approved a device log-in on the approval page.
        case deviceApproved = "device-approve"
        case deviceDenied = "device-deny"
        /// A wrong PIN proof against a session's unlock key; its detail is the tries left.
        case unlockRefused = "unlock-refused"
        /// The tenth wrong proof in a row: the unlock key erased, the session ended.
        case unlockKeyErased = "unlock-key-erased"
        /// A registration refused (the name in use, an email or password not valid); its detail
        /// is the refusal's `error_code`, never what the client sent.
        case registerRefused = "register-refused"
        /// A confirmation token refused (not one the server issued, or expired); detail as above.
        case confirmRefused = "confirm-refused"
        /// A password-reset token refused (not one the server issued, or expired); detail as above.
        case resetRefused = "reset-refused"
    }

    public var at: Date
    public var appId: String
    public var event: Event
    public var userId: String?
    /// The provider of a log-in (`local-userpass`, …).
    public var provider: String?
    /// The client's address; `in-process` without a network; none for admin commands.
    public var address: String?
    /// More about it: the email of an account, an API key's id, an admin command's name.
    public var detail: String?
    /// The id of the client request that made it (`X-Request-Id`, the Admin API logs' `co_id`);
    /// none for an entry written outside a request (admin commands, jobs).
    public var requestId: String?

    public init(
        at: Date, appId: String, event: Event, userId: String? = nil, provider: String? = nil, address: String? = nil,
        detail: String? = nil, requestId: String? = nil
    ) {
        self.at = at
        self.appId = appId
        self.event = event
        self.userId = userId
        self.provider = provider
        self.address = address
        self.detail = detail
        self.requestId = requestId
    }
}

/// Which audit entries to read, newest first (by time, then by the order they were written).
public struct AuditQuery: Sendable {
    public var userId: String?
    /// At or after then.
    public var since: Date?
    /// Strictly after then (the Admin API's `start_date`).
    public var after: Date?
    /// At or before then (the Admin API's `end_date`).
    public var until: Date?
    /// Only these kinds of entry; nil for every kind.
    public var events: [AuditEntry.Event]?
    /// Only the entries one client request made (the Admin API logs' `co_id`).
    public var requestId: String?
    /// How many of the matching entries to pass over first.
    public var skip: Int
    public var limit: Int

    public init(
        userId: String? = nil, since: Date? = nil, after: Date? = nil, until: Date? = nil, events: [AuditEntry.Event]? = nil, requestId: String? = nil,
        skip: Int = 0, limit: Int = 1000
    ) {
        self.userId = userId
        self.since = since
        self.after = after
        self.until = until
        self.events = events
        self.requestId = requestId
        self.skip = skip
        self.limit = limit
    }
}
