import ArgumentParser
import Foundation
import RosterCore
import RosterWire

/// `roster exec [USER] -- CMD…`: runs a command with a user's variables in its environment
/// (those of `roster env`, never on its command line, where `ps` shows them) and ends as it
/// ends. A command that outlives an access token reads `ROSTER_ACCESS_TOKEN_FILE`, which Roster
/// rewrites with a fresh token before each expires (as `aws-vault exec` serves credentials).
struct ExecCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exec", abstract: "Run a command with a user's access token, id, server and app in its environment.",
        discussion: """
            The command gets the variables roster env prints, and ROSTER_ACCESS_TOKEN_FILE: a file \
            only you can read that Roster rewrites with a fresh token before each expires, for a \
            command that runs longer than a token lives. Signals are passed on, and the command's \
            exit status is Roster's. Example: roster exec emma -- curl -H "Authorization: Bearer $ROSTER_ACCESS_TOKEN" …
            """)

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var pins: PINOptions

    @Argument(help: "An id, an email, or a unique prefix of either.")
    var user: String?

    @OptionGroup var userOption: UserOption

    @Argument(parsing: .postTerminator, help: ArgumentHelp("The command and its arguments, after --.", valueName: "command"))
    var command: [String] = []

    func validate() throws {
        _ = try userOption.named(user)
        if command.isEmpty { throw ValidationError("say which command to run, after --: roster exec [USER] -- COMMAND …") }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let executable = ForwardedChild.find(command[0], path: environment["PATH"]) else {
            Terminal.printError("roster: \(TerminalText.printable(command[0])): command not found")
            throw ExitCode(127)
        }
        let app = try await connection.openApp()
        let target = try UserResolver.namedOrCurrent(try userOption.named(user), in: app)
        try await pins.unlock(target)
        let variables = try await UserVariables.fresh(target, app: app, connection: connection)
        let tokenFile = try AccessTokenFile()
        let ending: ForwardedChild.Ending
        do {
            try tokenFile.write(variables.pairs.first { $0.name == UserVariables.accessToken }?.value ?? "")
            var childEnvironment = variables.over(environment)
            childEnvironment[AccessTokenFile.variable] = tokenFile.path
            let refresher = Task { await tokenFile.keepFresh(for: target) }
            defer { refresher.cancel() }
            ending = try await ForwardedChild(executable: executable, arguments: Array(command.dropFirst()), environment: childEnvironment).run()
        } catch {
            tokenFile.delete()
            throw CommandFailure("could not run \(TerminalText.printable(command[0])): \(error)")
        }
        tokenFile.delete()
        ForwardedChild.finish(ending)
    }
}
