import ArgumentParser
import Foundation
import RosterCore
import RosterTUI
import RosterWire

/// `roster token`: prints a valid access token for scripts (`curl -H "Authorization: Bearer $(roster token)"`),
/// refreshing it first when it is about to expire. On a terminal, where whoever looks next can
/// read it, it asks first; piped, it prints.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Print a fresh access token (the active user if none is named).")

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var pins: PINOptions

    @Argument(help: "An id, an email, or a unique prefix of either.", completion: .custom(UserNameCompletion.complete))
    var user: String?

    @OptionGroup var userOption: UserOption

    func validate() throws { _ = try userOption.named(user) }

    func run() async throws {
        let app = try await connection.openApp()
        let target = try UserResolver.namedOrCurrent(try userOption.named(user), in: app)
        try await pins.unlock(target)
        if isatty(STDOUT_FILENO) == 1,
            !Terminal.confirm("Show \(TerminalText.printable(target.displayName))'s access token on this terminal, where others can read it?")
        {
            throw CommandFailure("no token shown; pipe it to where it goes, as in $(roster token)")
        }
        do {
            print(try await target.freshAccessToken())
        } catch {
            throw CommandFailure(error)
        }
    }
}
