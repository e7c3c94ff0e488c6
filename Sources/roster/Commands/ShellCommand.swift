import ArgumentParser
import Foundation
import RosterCore
import RosterWire

/// `roster shell [USER]`: a sub-shell pinned to a user (as `kubectx -s` or kubie give one per
/// context): `$SHELL` with `ROSTER_USER` naming them, so every roster command in it acts as
/// them, `ROSTER_SHELL` set, and its prompt marked `(roster NAME)`. `exit` comes back.
struct ShellCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shell", abstract: "Start your shell pinned to a user, its prompt marked; exit comes back.",
        discussion: """
            Runs $SHELL with ROSTER_USER (the user's id), ROSTER_USER_ID, ROSTER_USER_NAME, \
            ROSTER_SERVER_URL, ROSTER_APP_ID and ROSTER_SHELL=1 set; no access token, which would \
            go stale: roster token, env or exec give a fresh one. bash, zsh and fish get a \
            prompt marked (roster NAME) after your own start-up files; other shells a PS1.
            """)

    /// Set in the sub-shell, for a prompt or a script to tell.
    static let marker = "ROSTER_SHELL"

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var pins: PINOptions

    @Argument(help: "An id, an email, or a unique prefix of either.")
    var user: String?

    @OptionGroup var userOption: UserOption

    func validate() throws { _ = try userOption.named(user) }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let app = try await connection.openApp()
        let target = try UserResolver.namedOrCurrent(try userOption.named(user), in: app)
        try await pins.unlock(target)
        let shell = environment["SHELL"].flatMap { $0.isEmpty ? nil : $0 } ?? "/bin/sh"
        guard let executable = ForwardedChild.find(shell, path: environment["PATH"]) else {
            throw CommandFailure("\(TerminalText.printable(shell)) (from $SHELL) is not a program here")
        }
        var pinned = UserVariables.pinned(target, app: app, connection: connection).over(environment)
        pinned[Self.marker] = "1"
        let folder = try PrivateFolder("roster-shell")
        let ending: ForwardedChild.Ending
        do {
            let prompt = ShellPrompt(name: target.displayName, folder: folder.path)
            let start = try prompt.start(executable, environment: pinned)
            ending = try await ForwardedChild(executable: executable, arguments: start.arguments, environment: start.environment).run()
        } catch {
            folder.delete()
            throw CommandFailure("could not start \(TerminalText.printable(shell)): \(error)")
        }
        folder.delete()
        ForwardedChild.finish(ending)
    }
}
