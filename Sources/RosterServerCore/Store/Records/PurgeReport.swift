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
