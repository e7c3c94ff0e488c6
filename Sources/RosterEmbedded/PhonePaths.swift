import RosterServerCore
import RosterWire

/// What `roster ui --listen` serves a phone, and nothing else: the device page, the account
/// pages its messages lead to, and a browser sign-in's start and callback (a Google, Apple or
/// Facebook sign-in on the page). The client API itself (log-ins, data, profiles, keys) stays
/// in this process.
///
///     PhonePaths.serves("GET", "/device")                                   // true
///     PhonePaths.serves("GET", "/api/client/v2.0/app/roster-demo/location") // false
enum PhonePaths {
    @Sendable static func serves(_ method: String, _ path: String) -> Bool {
        if path == DeviceLoginService.pagePath || path == "\(Route.base)/auth/callback" { return true }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        // /account/<app>/<page>
        if parts.count == 4, parts[1] == "account", !parts[2].isEmpty,
            [AccountTokenRecord.Purpose.reset, .confirm].contains(where: { AccountPageLink.pageName($0) == parts[3] })
        {
            return true
        }
        // GET /api/client/v2.0/app/<app>/auth/providers/<provider>/login (a POST there is a log-in)
        guard method == "GET" else { return false }
        let start = Route.base.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == start.count + 6 && Array(parts.prefix(start.count)) == start && parts[start.count] == "app"
            && !parts[start.count + 1].isEmpty && parts[start.count + 2] == "auth" && parts[start.count + 3] == "providers"
            && !parts[start.count + 4].isEmpty && parts[start.count + 5] == "login"
    }
}
