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
        subcommands: [
            SwitcherCommand.self, UsersCommand.self, LoginCommand.self, SwitchCommand.self, LogoutCommand.self,
            RemoveCommand.self, DeleteCommand.self, WhoamiCommand.self, CustomDataCommand.self, TokenCommand.self, AccountCommand.self, APIKeysCommand.self, LinkCommand.self,
            PolicyCommand.self, PINCommand.self, HistoryCommand.self,
            BenchmarkCommand.self, DataBenchmarkCommand.self,
        ],
        defaultSubcommand: SwitcherCommand.self
    )

    /// Exit codes: 0 success, 1 failure (one line on stderr), 2 usage.
    static func main() async {
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
}
