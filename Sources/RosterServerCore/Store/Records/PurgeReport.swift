import Foundation

/// What one purge removed of an app's dead records.
public struct PurgeReport: Sendable, Equatable, Codable {
    /// Sessions past their expiry by more than the retention period, and revoked ones past it.
    public var sessions = 0
    /// Confirmation and reset tokens used or expired.
    public var accountTokens = 0
    /// Anonymous users with no live session for the retention period, with all that was theirs.
    public var anonymousUsers = 0
    /// Failed-attempt counts whose hour is over and whose wait has passed.
    public var attemptCounts = 0
    /// Audit entries older than the app's audit retention.
    public var auditEntries = 0
    /// Device log-ins expired or used.
    public var deviceAuthorizations = 0

    public init() {}

    public var total: Int { sessions + accountTokens + anonymousUsers + attemptCounts + auditEntries + deviceAuthorizations }
}

/// How far one purge goes.
package struct PurgeRule: Sendable {
    package var appId: String
    package var now: Date
    /// Anonymous users without a live session for this long go; expired sessions are kept as
    /// long, since they tell when an anonymous user was last live.
    package var retention: TimeInterval
    /// Audit entries older than this go.
    package var auditRetention: TimeInterval
    /// At most this many records of each kind in one run, so a run holds the store briefly.
    package var limit: Int

    package init(appId: String, now: Date, retention: TimeInterval, auditRetention: TimeInterval, limit: Int) {
        self.appId = appId
        self.now = now
        self.retention = retention
        self.auditRetention = auditRetention
        self.limit = limit
    }
}
