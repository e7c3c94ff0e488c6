import ArgumentParser
import Foundation
import RosterCore
import RosterEmbedded
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
        if short {
            guard let name = try Self.shortName(choice, app: try connection.openDeviceOnly()) else { throw ExitCode(1) }
            print(name)
            return
        }
        let app = try await connection.openApp()
        let chosen: User? = try choice.name.map { try UserResolver(app: app).resolve($0) } ?? app.currentUser
        guard let user = chosen else {
            if json { print("null") } else { Terminal.printError("No active user. Log one in with `roster login`.") }
            throw ExitCode(1)
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

    /// The `--short` line: the chosen user's name, made printable; nil when nobody is chosen.
    static func shortName(_ choice: UserChoice, app: App) throws -> String? {
        let chosen: User? = try choice.name.map { try UserResolver(app: app).resolve($0) } ?? app.currentUser
        return chosen.map { TerminalText.printable($0.displayName) }
    }

    /// `roster whoami --short` as a prompt runs it, at every line, answered before the argument
    /// parser starts: its first parse costs the Swift runtime's first protocol-conformance
    /// look-ups, about 8 of the command's 25 ms of processor time (docs/BENCHMARKS.md, C). With
    /// no option beside it but `--user` and `--home` (`PromptOptions`), those and the
    /// environment say everything, and a glance at the device store (`DeviceStoreGlance`) reads
    /// the name without opening the app (its device key, sessions and migrations). Whatever
    /// this cannot answer (other options, a store the app must make, migrate or report, a name
    /// that fails) is left to the parsed command, which opens the app and says why.
    static func answerForPrompt(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let options = PromptOptions(arguments) else { return }
        Roster.quietLogging()
        guard let choice = try? UserChoice.choose(named: options.user, environment: environment),
            let paths = try? RosterPaths(home: options.home, environment: environment),
            let location = try? DeviceLocation(paths: paths, server: nil, app: nil, environment: environment),
            let glance = DeviceStoreGlance.open(directory: location.directory),
            case .success(let chosen) = Result(catching: { try shortName(choice, glance: glance) })
        else { return }
        // Nobody active: nothing printed, exit 1, as the parsed command does.
        guard let name = chosen else { Foundation.exit(1) }
        print(name)
        Foundation.exit(0)
    }

    /// `shortName` read at a glance at the store: the same user by the same rules.
    static func shortName(_ choice: UserChoice, glance: DeviceStoreGlance) throws -> String? {
        let chosen: UserNames? = try choice.name.map { try UserResolver.choose($0, reading: glance.usersPossiblyNamed) } ?? glance.activeUser()
        return chosen.map { TerminalText.printable($0.displayName) }
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
