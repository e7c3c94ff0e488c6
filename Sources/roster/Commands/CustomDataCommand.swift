import ArgumentParser
import RosterCore

/// `roster custom-data`: a user's custom data, as of its access token; `--refresh` fetches a
/// new token first, so the data is as the server has it now.
struct CustomDataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "custom-data",
        abstract: "Print a user's custom data as JSON (the active user if none is named).",
        discussion: "Without --refresh the data is what the device has, which may be older than the server's."
    )

    @OptionGroup var connection: ConnectionOptions

    @Flag(help: "Fetch a fresh access token first, and with it the server's current data.")
    var refresh = false

    @Argument(help: "An id, an email, or a unique prefix of either.")
    var user: String?

    func run() async throws {
        let app = try await connection.openApp()
        let target = try UserResolver.namedOrCurrent(user, in: app)
        if refresh {
            do {
                try await target.refreshCustomData()
            } catch {
                throw CommandFailure(error)
            }
        } else if target.state != .loggedIn {
            throw CommandFailure("\(target.displayName) is logged out, so the device holds no custom data")
        }
        print(target.customData.prettyText())
    }
}
