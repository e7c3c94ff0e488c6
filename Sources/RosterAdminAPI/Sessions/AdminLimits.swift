import Foundation

/// The Admin API's limits (docs/SECURITY.md, "Admin API").
public enum AdminLimits {
    /// An access token lives six hours: realm-core's suites never refresh theirs during a run.
    /// Logging out ends it at once all the same (every request checks its session).
    public static let accessLifetime: TimeInterval = 6 * 3600
    /// A refresh token, and its session, live seven days.
    public static let refreshLifetime: TimeInterval = 7 * 24 * 3600
    /// Wrong passwords or keys for one operator (or public key) in an hour before its log-ins wait for the hour to end.
    public static let failuresPerAccountPerHour = 10
    /// Failed admin log-ins from one address in an hour before its log-ins wait for the hour to end.
    public static let failuresPerAddressPerHour = 100
    /// The largest request body an admin route reads (a function's source is the largest part).
    public static let bodyBytes = 1 << 20
    /// What the apps list answers at most, and the apps a group may hold.
    public static let appsPerGroup = 1000
    /// The server API keys an app may hold, and what `GET api_keys` answers at most.
    public static let serverAPIKeysPerApp = 1000
    /// What the attempt counts and the audit trail file the Admin API's own actions under: no
    /// client app id has parentheses.
    public static let scope = "(admin-api)"
}
