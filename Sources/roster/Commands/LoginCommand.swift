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

    /// `--device`: the log-in is approved on a phone; the PIN a policy asks for is asked once
    /// the phone approved: a returning user's own PIN, which stays theirs, or a new user's choice.
    private func logInOnAnotherDevice() async throws {
        if let reason = connection.deviceLoginUnavailable() { throw CommandFailure(reason) }
        let app = try await connection.openApp()
        let approved = try await CommandFailure.wording {
            var wait = DeviceLoginWait(app: app, login: try await app.startDeviceLogin(terminal: SessionEffects.hostName), pin: nil)
            return try await wait.run()
        }
        let user: User
        switch approved {
        case .user(let approved): user = approved
        case .pinNeeded(let approval): user = try await finish(approval, app: app)
        }
        print("Logged in \(TerminalText.printable(user.displayName)) (\(user.id)); now the active user.")
    }

    /// Asks the approved user's PIN and keeps the log-in; given none, or a wrong one, it is ended.
    private func finish(_ approval: DeviceApproval, app: App) async throws -> User {
        do {
            let pin =
                if let name = approval.returningName {
                    try SecretInput.read(
                        "PIN for \(TerminalText.printable(name)): ", fromStdin: pins.pinStdin, missing: "no PIN given for \(name)",
                        what: "a PIN", flag: "--pin-stdin")
                } else {
                    try pins.newPIN("Choose a PIN (at least \(PINRule.minimumDigits) digits): ")
                }
            return try await CommandFailure.wording { try await app.finishDeviceLogin(approval, pin: pin) }
        } catch {
            await app.cancelDeviceLogin(approval)
            throw error
        }
    }
}
