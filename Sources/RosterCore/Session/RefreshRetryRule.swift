import Foundation

/// When a failed refresh is tried again, and how long each try may wait for its answer
/// (BEHAVIOURS 28). A try whose answer never came may have reached a server that rotates
/// refresh tokens: the token it sent is then replaced, and answers again only within the
/// server's grace window (10 s by default). So once a try is lost, every later try is sent
/// within `budget` seconds of it, and each waits short enough to leave room for the next;
/// past the budget the refresh fails and the user stays logged in, rather than a late retry
/// presenting a replaced token and ending the session.
struct RefreshRetryRule: Sendable, Equatable {
    /// Tries after the first.
    var retries: Int
    /// The first wait; each later one doubles, up to a minute.
    var firstDelay: TimeInterval
    /// Seconds after a lost try within which every later try is sent.
    var budget: TimeInterval

    /// How long a try may wait for its answer, `elapsed` seconds after the first lost try (0
    /// when none was lost): three quarters of what is left of the budget, at least a second.
    func timeout(elapsed: TimeInterval) -> TimeInterval {
        max(1, (budget - elapsed) * 0.75)
    }

    /// The wait before the try after `attempt` (0 for the first) failed, or `nil` when no
    /// further try may be sent: the retries are spent, or, after a lost try, it would be sent
    /// `budget` seconds or more after it. `elapsed` is the time since the first lost try, `nil`
    /// when every try so far was answered.
    func wait(afterAttempt attempt: Int, elapsed: TimeInterval?, serverDelay: TimeInterval?) -> TimeInterval? {
        guard attempt < retries else { return nil }
        let wait = min(60, max(firstDelay * pow(2, Double(attempt)), serverDelay ?? 0))
        if let elapsed, elapsed + wait >= budget { return nil }
        return wait
    }
}
