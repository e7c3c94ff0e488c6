import ArgumentParser
import Foundation
import RosterCore
import RosterTUI
import RosterWire

/// `roster whoami`: the active user, read from the device (works offline). With nobody active it
/// says so and exits 1, as `gh auth status` does, so a script can test it.
struct WhoamiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "whoami", abstract: "Show the active user.")

    @OptionGroup var connection: ConnectionOptions

    @Flag(help: "Print the user as a JSON object (identities and token expiry included), or null when nobody is active.")
    var json = false

    func run() async throws {
        let app = try await connection.openApp()
        guard let user = app.currentUser else {
            if json { print("null") } else { Terminal.printError("No active user. Log one in with `roster login`.") }
            throw ExitCode(1)
        }
        if json {
            try JSONOutput.print(UserSummary(user, withTokenExpiry: true))
            return
        }
        var lines = ["\(user.displayName) (active)", "id:         \(user.id)"]
        lines += Self.identityLines(of: user)
        if let name = user.profile.name { lines.append("name:       \(name)") }
        if let deviceId = user.deviceId { lines.append("device:     \(deviceId)") }
        if let expiry = user.accessTokenExpiresAt {
            let seconds = Int(expiry.timeIntervalSinceNow)
            lines.append(seconds > 0 ? "token:      expires in \(seconds / 60) min" : "token:      expired; refreshed on next use")
        }
        if let issued = user.customDataIssuedAt {
            lines.append("custom data as of \(RelativeTime.ago(issued, now: Date())) (`roster custom-data --refresh` for fresh):")
        } else {
            lines.append("custom data:")
        }
        var shown = lines.map(TerminalText.printable)
        if user.isLocked {
            shown.append("  (sealed with the user's \(user.secretKind ?? .pin); `roster custom-data` asks for it)")
        } else {
            // Indented JSON, one field a line, its control characters escaped.
            shown.append(user.customData.prettyText(forTerminal: true))
        }
        print(shown.joined(separator: "\n"))
    }

    /// Each way the user logs in on its own line, provider and identity id in columns:
    /// `identities: email    64a3…` and below it `            api-key  65b1…`.
    static func identityLines(of user: User) -> [String] {
        let rows = user.identities.map { [ProviderType.displayName(wire: $0.providerType), $0.id] }
        guard !rows.isEmpty else { return ["identities: none"] }
        return TextTable(header: nil, rows: rows).lines().enumerated().map { index, line in
            (index == 0 ? "identities: " : String(repeating: " ", count: 12)) + line
        }
    }
}
