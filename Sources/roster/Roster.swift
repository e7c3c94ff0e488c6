import ArgumentParser
import Foundation
import Logging

/// `roster`: the terminal account switcher. Subcommands do one thing each, for scripts.
@main
struct Roster: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roster",
        abstract: "Share one terminal between several users: log each in once, then switch between them.",
        discussion: """
            With no --server, Roster runs its own server in-process over a file in its data \
            directory, with the demo app: joe@example.com / passw0rd and emma@example.com / pa55word.
            USER is a user id, an email, or a unique prefix of either.
            """,
        version: VersionCommand.line,
        subcommands: [
            SwitcherCommand.self, UsersCommand.self, LoginCommand.self, SwitchCommand.self, LogoutCommand.self,
            RemoveCommand.self, DeleteCommand.self, WhoamiCommand.self, CustomDataCommand.self, TokenCommand.self, AccountCommand.self, APIKeysCommand.self, LinkCommand.self,
            PolicyCommand.self, PINCommand.self, HistoryCommand.self,
            VersionCommand.self,
        ],
        defaultSubcommand: SwitcherCommand.self
    )

    /// Exit codes: 0 success, 1 failure (one line on stderr), 2 usage.
    static func main() async {
        rejectUnknownCommand(Array(CommandLine.arguments.dropFirst()))
        do {
            var command = try parseAsRoot()
            // A failure is one line on stderr: the core's notices (a wrong PIN counted, a refresh
            // retried) stay out of it; warnings still show. The switcher chooses its own.
            if !(command is SwitcherCommand) {
                LoggingSystem.bootstrap { label in
                    var handler = StreamLogHandler.standardError(label: label)
                    handler.logLevel = .warning
                    return handler
                }
            }
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            Terminal.printError("roster: \(failure.message)")
            Foundation.exit(1)
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                exit(withError: error)
            }
            if code == .validationFailure || error is ValidationError {
                Terminal.printError(fullMessage(for: error))
                Foundation.exit(2)
            }
            Terminal.printError("roster: \(CommandFailure(error).message)")
            Foundation.exit(1)
        }
    }

    /// Every name a first word may give: the subcommands, their aliases, and `help`.
    static var commandNames: [String] {
        configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases } + ["help"]
    }

    /// A first word that is no option and names no subcommand is a mistyped command: say so, with
    /// the nearest name and the top-level usage, and exit 2 as for any other usage error.
    /// (Parsed as usual, it would reach the switcher as an argument and print the switcher's usage.)
    static func rejectUnknownCommand(_ arguments: [String]) {
        guard let word = arguments.first, !word.hasPrefix("-"), !commandNames.contains(word) else { return }
        Terminal.printError("roster: " + UnknownCommand(word, among: commandNames).message)
        Terminal.printError("Usage: \(usageString())\n  See 'roster --help' for the commands.")
        Foundation.exit(2)
    }
}
