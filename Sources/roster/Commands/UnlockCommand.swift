import ArgumentParser
import Foundation
import RosterCore

/// `eval "$(roster unlock [USER])"`: under `pin` (or `password`), asks the user's PIN once and
/// gives this shell `ROSTER_SESSION`, a short-lived value later roster commands take instead of
/// asking again, as `eval $(op signin)` does for the 1Password CLI. It works on this device
/// only and ends once it goes unused for its idle time (`--idle`, 10 minutes unless said;
/// docs/SECURITY.md, "Unlock sessions").
struct UnlockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock", abstract: "Ask a user's PIN once and print ROSTER_SESSION for eval, so later commands do not ask again.",
        discussion: """
            sh: eval "$(roster unlock emma)"; fish: roster unlock emma --format fish | source. The \
            value opens emma's session on this device only, until it goes unused for the idle \
            time (--idle, default 10m, at most 24h); each command that uses it starts that time again.
            """)

    /// The variable that carries the value.
    static let variable = "ROSTER_SESSION"

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var pins: PINOptions

    @Argument(help: "An id, an email, or a unique prefix of either.")
    var user: String?

    @OptionGroup var userOption: UserOption

    @Option(help: ArgumentHelp("End the session after this long unused: 90s, 10m, 1h (at most 24h).", valueName: "duration"))
    var idle: String = "10m"

    @Option(help: "sh (for sh, bash and zsh), fish, json or dotenv.")
    var format: VariableFormat = .sh

    func validate() throws {
        _ = try userOption.named(user)
        guard let seconds = try? IdleTime.parse(idle), seconds <= User.unlockSessionIdleLongest else {
            throw ValidationError("--idle takes a duration from 1s to 24h, like 90s, 10m or 1h")
        }
    }

    func run() async throws {
        let app = try await connection.openApp()
        let target = try UserResolver.namedOrCurrent(try userOption.named(user), in: app)
        guard target.secretKind != nil else {
            throw CommandFailure("\(target.displayName)'s session is not sealed with a PIN here, so there is nothing to unlock")
        }
        // The PIN itself, always: a session value does not make another.
        try await pins.unlock(target, acceptingSession: false)
        let seconds = (try? IdleTime.parse(idle)).flatMap { $0 } ?? User.unlockSessionIdleDefault
        let value: String
        do { value = try target.startUnlockSession(idle: seconds) } catch { throw CommandFailure(error) }
        print(try format.render([(Self.variable, value)]), terminator: "")
    }

    /// Unlocks `user` with `ROSTER_SESSION` when it holds a value for them; a value refused is
    /// said on stderr (the PIN is then asked for as usual). False when there is none to use.
    static func unlockWithSession(_ user: User, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Bool {
        guard let value = environment[variable], !value.isEmpty else { return false }
        do {
            return try user.unlock(session: value)
        } catch {
            Terminal.printError("roster: \(CommandFailure(error).message)")
            return false
        }
    }
}
