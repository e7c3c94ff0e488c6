import ArgumentParser
import Foundation
import RosterCore
import RosterTUI
import RosterWire

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
        if credentials.device { return try await logInOnAnotherDevice() }
        let credentials = try self.credentials.read()
        let app = try await connection.openApp()
        let pin = try pins.pinForLogIn(credentials, policy: try CommandFailure.wording { try app.policy() }.switching)
        do {
            let user = try await app.login(credentials: credentials, pin: pin)
            print("Logged in \(TerminalText.printable(user.displayName)) (\(user.id)); now the active user.")
        } catch {
            throw CommandFailure(error)
        }
    }

    /// `--device`: the log-in is approved on a phone; the PIN a policy asks for is chosen first.
    private func logInOnAnotherDevice() async throws {
        if let reason = connection.deviceLoginUnavailable() { throw CommandFailure(reason) }
        let app = try await connection.openApp()
        let policy = try CommandFailure.wording { try app.policy() }.switching
        let pin = policy == .open ? nil : try pins.newPIN("Choose a PIN (at least \(PINRule.minimumDigits) digits): ")
        let user = try await CommandFailure.wording {
            var wait = DeviceLoginWait(app: app, login: try await app.startDeviceLogin(terminal: SessionEffects.hostName, pin: pin), pin: pin)
            return try await wait.run()
        }
        print("Logged in \(TerminalText.printable(user.displayName)) (\(user.id)); now the active user.")
    }
}
