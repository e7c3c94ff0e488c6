import Foundation

/// Short words for a span of time ("12 min ago", "in 29 min"), for ages and expiry; the
/// screen and the subcommands say time the same way.
public enum RelativeTime {
    /// "just now", "12 min ago", "3 h ago", "2 days ago".
    public static func ago(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return "just now" }
        return "\(span(seconds)) ago"
    }

    /// "expires in 29 min", or "expired 3 min ago".
    public static func expiry(_ date: Date, now: Date) -> String {
        let seconds = date.timeIntervalSince(now)
        if seconds <= 0 { return "expired \(span(-seconds)) ago" }
        return "expires in \(span(seconds))"
    }

    static func span(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds)
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min" }
        if whole < 86_400 { return "\(whole / 3600) h" }
        let days = whole / 86_400
        return days == 1 ? "1 day" : "\(days) days"
    }
}
