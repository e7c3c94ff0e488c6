import ArgumentParser
import Foundation
import Logging
import RosterCore
import RosterTUI
import RosterWire

/// `roster switch USER`: makes a logged-in user the active one, without the network;
/// `roster switch -` goes back to the one active before, as `cd -` does. With no USER on a
/// terminal, a one-screen picker chooses (`gh auth switch`, `kubectx` with fzf); elsewhere a
/// missing USER is a usage error, as a script expects.
struct SwitchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switch", abstract: "Make a logged-in user the active user.",
        discussion: """
            Without USER on a terminal, a picker lists the device's users: type to filter (name, \
            email or id), ↑↓ to move, Enter to switch, Esc or Ctrl-C to leave with nothing changed \
            (exit 1).
            """)

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var pins: PINOptions

    @Argument(
        help: "An id, an email, or a unique prefix of either; - for the user active before. On a terminal, none opens a picker.",
        completion: .custom(UserNameCompletion.complete))
    var user: String?

    func validate() throws {
        if user == nil, !Self.hasTerminal {
            throw ValidationError("Missing expected argument '<user>' (the picker needs a terminal on stdin and stdout)")
        }
    }

    /// Whether stdin and stdout are both a terminal, where the picker can run.
    static var hasTerminal: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    func run() async throws {
        let app = try await connection.openApp()
        let target: User
        if let user {
            target = try Self.named(user, in: app)
        } else {
            guard let id = try Self.pick(in: app) else { throw CommandFailure("nobody chosen; the active user is unchanged") }
            guard let chosen = app.user(id: id) else { throw CommandFailure("the user chosen is no longer on this device") }
            target = chosen
        }
        guard target.state == .loggedIn else {
            throw CommandFailure("\(target.displayName) is logged out; log in again with `roster login`")
        }
        let secret = try target.isLocked ? target.secretKind.map { try pins.secret(for: target, kind: $0) } : nil
        // The server is asked whether the session still lives; one it ended is not switched to.
        let report = try await CommandFailure.wording { try await app.switchUser(to: target, secret: secret) }
        if let notice = report.notice { Terminal.printError(notice) }
        print("Switched to \(TerminalText.printable(target.displayName)).")
    }

    static func named(_ user: String, in app: App) throws -> User {
        guard user == "-" else { return try UserResolver(app: app).resolve(user) }
        guard let previous = app.previousUser else { throw CommandFailure("no user was active before on this device") }
        return previous
    }

    /// The picker on this terminal: the id of the user chosen, nil when left. The terminal is
    /// given back before this returns, however the picker ended (a key, a signal, a failure).
    static func pick(in app: App) throws -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let refusal = SwitcherTerminal.refusal(term: environment["TERM"]) { throw refusal }
        let backend = try NCursesBackend(
            colorMode: ColorMode.chosen(noColorFlag: false, environment: environment), mouse: false, environment: environment)
        defer { backend.close() }
        return try UserPickerProgram.run(backend: backend) { filter in
            try CommandFailure.wording { try UserPickerProgram.listing(in: app, filter: filter) }
        }
    }
}
