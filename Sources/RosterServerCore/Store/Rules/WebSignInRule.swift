import Foundation

/// What taking a browser sign-in's state finds, the same for every store driver: good once,
/// until it expires, and only for the app it was started for; an expired one is kept an hour
/// more, so that its state is answered "expired" rather than "unknown".
///
///     let take = WebSignInRule.take(record, appId: app.id, now: now)
///     if case .taken = take { /* mark it used */ }
package enum WebSignInRule {
    /// How long an expired sign-in is kept.
    package static let keptAfterExpiry: TimeInterval = 3600

    /// Sign-ins that expired before this are cleared away when another one starts at `now`.
    package static func clearedBefore(_ now: Date) -> Date {
        now.addingTimeInterval(-keptAfterExpiry)
    }

    /// What taking `record` (nil when no sign-in has the state) finds at `now`, for `appId`
    /// (nil for any app).
    package static func take(_ record: WebSignInRecord?, appId: String?, now: Date) -> WebSignInTake {
        guard let record else { return .unknown }
        if let appId, record.appId != appId { return .unknown }
        if record.used { return .alreadyUsed }
        if record.expiresAt <= now { return .expired }
        return .taken(record)
    }
}
