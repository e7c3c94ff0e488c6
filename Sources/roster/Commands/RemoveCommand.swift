import ArgumentParser
import RosterCore
import RosterWire

/// `roster remove USER`: logs a user out and deletes everything this device holds for it.
struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a user from this device (the account itself stays on the server).")

    @OptionGroup var connection: ConnectionOptions

    @Argument(help: "An id, an email, or a unique prefix of either.", completion: .custom(UserNameCompletion.complete))
    var user: String

    @OptionGroup var pins: PINOptions

    @OptionGroup var adminPIN: AdminPINOption

    func run() async throws {
        let app = try await connection.openApp()
        let target = try UserResolver(app: app).resolve(user)
        let name = TerminalText.printable(target.displayName)
        // A logged-in user sealed with their PIN is removed only with it (BEHAVIOURS 53), or
        // with --admin the admin PIN (BEHAVIOURS 54).
        let grant = try await adminPIN.grantIfAsked(app, for: "removing \(name)", pins: pins)
        if grant == nil, target.state == .loggedIn { try await pins.unlock(target) }
        do {
            try await target.remove(admin: grant)
        } catch {
            throw CommandFailure(error)
        }
        print("Removed \(name) from this device.")
        if let current = app.currentUser {
            print("Active user: \(TerminalText.printable(current.displayName)).")
        }
    }
}
