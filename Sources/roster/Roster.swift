import ArgumentParser
import Foundation
import Logging
import Synchronization

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
            PolicyCommand.self, PINCommand.self, HistoryCommand.self, EventsCommand.self, ConfigCommand.self,
            CompletionCommand.self, VersionCommand.self,
            EnvCommand.self, ExecCommand.self, ShellCommand.self, UnlockCommand.self,
        ],
        defaultSubcommand: SwitcherCommand.self
    )

    /// Exit codes: 0 success, 1 failure (one line on stderr), 2 usage.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        answerLeadingHelpOrVersion(arguments)
        WhoamiCommand.answerForPrompt(arguments)
        rejectUnknownCommand(arguments)
        do {
            var command = try parseAsRoot()
            if !(command is SwitcherCommand) { quietLogging() }
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
                Terminal.printError(usageMessage(for: error, arguments: arguments))
                Foundation.exit(2)
            }
            Terminal.printError("roster: \(CommandFailure(error).message)")
            Foundation.exit(1)
        }
    }

    /// A failure is one line on stderr: the core's notices (a wrong PIN counted, a refresh
    /// retried) stay out of it; warnings still show. The switcher chooses its own. Once a process.
    static func quietLogging() {
        guard !loggingChosen.exchange(true, ordering: .relaxed) else { return }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .warning
            return handler
        }
    }

    private static let loggingChosen = Atomic<Bool>(false)

    /// `roster --version …` and `roster --help …`: the first of them answers, for Roster as a
    /// whole (parsed as usual, `--version --help` would print the default command's help).
    static func answerLeadingHelpOrVersion(_ arguments: [String]) {
        switch arguments.first {
        case "--version":
            print(VersionCommand.line)
            Foundation.exit(0)
        case "--help", "-h":
            print(helpMessage())
            Foundation.exit(0)
        default:
            return
        }
    }

    /// A usage error in Roster's words. An unknown option in first place names no command, so
    /// the usage is Roster's own, not the switcher's; a mistyped subcommand is named as one.
    static func usageMessage(for error: any Error, arguments: [String]) -> String {
        let topUsage = "Usage: \(usageString())\n  See 'roster --help' for the commands."
        let groups = [(name: CustomDataCommand._commandName, subcommands: CustomDataCommand.configuration.subcommands.map { $0._commandName })]
        if let mistyped = UsageError.mistypedSubcommand(arguments, groups: groups) {
            return "roster: \(mistyped)\nUsage: roster \(arguments[0]) <subcommand>\n  See 'roster \(arguments[0]) --help' for its commands."
        }
        let message = fullMessage(for: error)
        if let first = arguments.first, first.hasPrefix("-"),
           let unknown = UsageError.unknownOption(in: String(message.dropFirst("Error: ".count))), unknown.option == first
        {
            return "roster: \(unknown.message)\n" + topUsage
        }
        return UsageError.reworded(message)
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
