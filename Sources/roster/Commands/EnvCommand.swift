import ArgumentParser
import Foundation
import RosterCore

/// `roster env`: a user's fresh access token, id, server and app as variables for `eval`
/// (`eval "$(roster env emma)"`, fish: `roster env emma --format fish | source`), as
/// `aws configure export-credentials` gives a profile's. It prints whether or not stdout is a
/// terminal: printing them is what it is for (docs/SECURITY.md).
struct EnvCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "env", abstract: "Print a user's access token, id, server and app as variables for eval.",
        discussion: """
            Sets ROSTER_USER (so later roster commands act as this user), ROSTER_USER_ID, \
            ROSTER_USER_NAME, ROSTER_ACCESS_TOKEN (fresh for its lifetime; roster exec keeps one \
            fresh), ROSTER_SERVER_URL (empty for the embedded server) and ROSTER_APP_ID. \
            sh: eval "$(roster env)"; fish: roster env --format fish | source.
            """)

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var pins: PINOptions

    @Argument(help: "An id, an email, or a unique prefix of either.")
    var user: String?

    @OptionGroup var userOption: UserOption

    @Option(help: "sh (for sh, bash and zsh), fish, json or dotenv.")
    var format: VariableFormat = .sh

    func validate() throws { _ = try userOption.named(user) }

    func run() async throws {
        let app = try await connection.openApp()
        let target = try UserResolver.namedOrCurrent(try userOption.named(user), in: app)
        try await pins.unlock(target)
        let variables = try await UserVariables.fresh(target, app: app, connection: connection)
        do {
            print(try format.render(variables.pairs), terminator: "")
        } catch let refusal as VariableFormat.Refusal {
            throw CommandFailure(refusal.description)
        }
    }
}
