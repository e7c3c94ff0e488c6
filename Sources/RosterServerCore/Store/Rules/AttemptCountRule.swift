import Foundation

/// How failed attempts are counted, the same for every store driver: in a row until a success,
/// and within an hour from the first failure of that hour. What the counts lead to (a wait) is
/// the caller's rule (`AttemptLimiter`).
///
///     let counts = AttemptCountRule.counts(after: stored, key: key, now: now)
package enum AttemptCountRule {
    /// How long the failures of one hour are counted together, from the first of them.
    package static let hour: TimeInterval = 3600

    /// The counts of `key` once a failure at `now` is added to those stored (nil when none are).
    package static func counts(
        after stored: (inARow: Int, hourStartedAt: Date, inHour: Int)?, key: AttemptKey, now: Date
    ) -> AttemptCounts {
        var counts = AttemptCounts(key: key, inARow: 1, inHour: 1, hourStartedAt: now, now: now)
        if let stored {
            counts.inARow = stored.inARow + 1
            if now.timeIntervalSince(stored.hourStartedAt) < hour {
                counts.hourStartedAt = stored.hourStartedAt
                counts.inHour = stored.inHour + 1
            }
        }
        return counts
    }

    /// The later of two waits, either of which may be none.
    package static func later(_ first: Date?, _ second: Date?) -> Date? {
        guard let second, second > (first ?? .distantPast) else { return first }
        return second
    }

    /// A count whose hour started at or before this, at `now`, is over.
    package static func hourOver(at now: Date) -> Date {
        now.addingTimeInterval(-hour)
    }
}
