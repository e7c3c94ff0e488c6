import ArgumentParser
import RosterCore
import RosterWire

/// `roster switch USER`: makes a logged-in user the active one, without the network;
/// `roster switch -` goes back to the one active before, as `cd -` does.
struct SwitchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switch", abstract: "Make a logged-in user the active user.")

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var pins: PINOptions

    @Argument(help: "An id, an email, or a unique prefix of either; - for the user active before.")
    var user: String

    func run() async throws {
        let app = try await connection.openApp()
        let target: User
        if user == "-" {
            guard let previous = app.previousUser else { throw CommandFailure("no user was active before on this device") }
            target = previous
        } else {
            target = try UserResolver(users: app.allUsers).resolve(user)
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
}
