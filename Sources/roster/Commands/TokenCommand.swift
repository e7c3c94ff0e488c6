import ArgumentParser
import RosterCore

/// `roster token`: prints a valid access token for scripts (`curl -H "Authorization: Bearer $(roster token)"`),
/// refreshing it first when it is about to expire.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Print a fresh access token (the active user if none is named).")

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var pins: PINOptions

    @Argument(help: "An id, an email, or a unique prefix of either.")
    var user: String?

    func run() async throws {
        let app = try await connection.openApp()
        let target = try UserResolver.namedOrCurrent(user, in: app)
        try await pins.unlock(target)
        do {
            print(try await target.freshAccessToken())
        } catch {
            throw CommandFailure(error)
        }
    }
}
