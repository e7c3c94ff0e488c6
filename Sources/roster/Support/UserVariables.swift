import Foundation
import RosterCore
import RosterWire

/// What `roster env`, `exec` and `shell` give other programs about a user, by name:
/// `ROSTER_USER` (their id, so later roster commands act as them), `ROSTER_USER_ID`,
/// `ROSTER_USER_NAME` (the name Roster shows), `ROSTER_ACCESS_TOKEN` (fresh: refreshed first when
/// about to expire), `ROSTER_SERVER_URL` (empty for the embedded server, which opens no port) and
/// `ROSTER_APP_ID`; and `ROSTER_HOME` when `--home` named one.
struct UserVariables {
    static let user = "ROSTER_USER"
    static let userId = "ROSTER_USER_ID"
    static let userName = "ROSTER_USER_NAME"
    static let accessToken = "ROSTER_ACCESS_TOKEN"
    static let serverURL = "ROSTER_SERVER_URL"
    static let appId = "ROSTER_APP_ID"
    static let home = "ROSTER_HOME"

    var pairs: [(name: String, value: String)]

    /// The variables of `user`, whose access token is made fresh.
    static func fresh(
        _ user: User, app: App, connection: ConnectionOptions, environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws -> UserVariables {
        let token: String
        do { token = try await user.freshAccessToken() } catch { throw CommandFailure(error) }
        var pairs = pinned(user, app: app, connection: connection, environment: environment).pairs
        pairs.insert((accessToken, token), at: 3)
        return UserVariables(pairs: pairs)
    }

    /// The variables that pin later roster commands to `user`, without the token.
    static func pinned(
        _ user: User, app: App, connection: ConnectionOptions, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> UserVariables {
        let server = connection.usesEmbeddedServer(environment) ? "" : (connection.server ?? environment[serverURL] ?? "")
        var pairs: [(name: String, value: String)] = [
            (Self.user, user.id), (userId, user.id), (userName, TerminalText.printable(user.displayName)),
            (serverURL, server), (appId, app.appId),
        ]
        if let given = connection.home {
            pairs.append((home, URL(fileURLWithPath: given).standardizedFileURL.path))
        }
        return UserVariables(pairs: pairs)
    }

    /// This process's environment with the variables set over it.
    func over(_ environment: [String: String]) -> [String: String] {
        var merged = environment
        for (name, value) in pairs { merged[name] = value }
        return merged
    }
}
