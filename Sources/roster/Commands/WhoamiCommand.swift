import ArgumentParser
import Foundation
import RosterCore
import RosterTUI
import RosterWire

/// `roster whoami`: the user subcommands act as here (`--user`, `ROSTER_USER`, the nearest
/// `.roster-user`, else the active user), read from the device (works offline), and which rule
/// chose them. With nobody chosen it says so and exits 1, as `gh auth status` does, so a script
/// can test it; `--short` prints the name alone, for a prompt.
struct WhoamiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "whoami", abstract: "Show the user commands act as here, and why.")

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var userOption: UserOption

    @Flag(help: "Print the user as a JSON object (identities and token expiry included), or null when nobody is active.")
    var json = false

    @Flag(help: "Print the user's name alone on one line (nothing, and exit 1, when there is none): for a prompt.")
    var short = false

    func validate() throws {
        if json && short { throw ValidationError("give --json or --short, not both") }
    }

    func run() async throws {
        let choice = try UserChoice.choose(named: try userOption.named())
        // A prompt runs `--short` at every line: it reads the device store alone, no server started.
        let app = short ? try connection.openDeviceOnly() : try await connection.openApp()
        let chosen: User? = try choice.name.map { try UserResolver(app: app).resolve($0) } ?? app.currentUser
        guard let user = chosen else {
            if json { print("null") } else if !short { Terminal.printError("No active user. Log one in with `roster login`.") }
            throw ExitCode(1)
        }
        if short {
            print(TerminalText.printable(user.displayName))
            return
        }
        if json {
            JSONOutput.print(UserSummary(user, withTokenExpiry: true).json)
            return
        }
        let state = user.id == app.currentUser?.id ? "active" : user.state == .loggedIn ? "logged in" : "logged out"
        var lines = ["\(user.displayName) (\(state))", "chosen:     \(choice.words)", "id:         \(user.id)"]
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
