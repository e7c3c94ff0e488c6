import ArgumentParser
import Foundation
import RosterCore

/// `roster login`: adds a user to this device and makes it the active one.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log a user in and make it the active user.",
        discussion: CredentialOptions.secretsDiscussion
    )

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var credentials: CredentialOptions

    @OptionGroup var pins: PINOptions

    func run() async throws {
        let credentials = try self.credentials.read()
        let app = try await connection.openApp()
        let pin = try pins.pinForLogIn(credentials, policy: try CommandFailure.wording { try app.policy() }.switching)
        do {
            let user = try await app.login(credentials: credentials, pin: pin)
            print("Logged in \(user.displayName) (\(user.id)); now the active user.")
        } catch {
            throw CommandFailure(error)
        }
    }
}
