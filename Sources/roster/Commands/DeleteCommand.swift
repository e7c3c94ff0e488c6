import ArgumentParser
import RosterCore
import RosterWire

/// `roster delete USER --yes`: deletes the user's account on the server, and the user from this
/// device. There is no undo, so it asks for `--yes`.
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a logged-in user's account on the server, and the user from this device.",
        discussion: "The account, its identities and its data are gone for good; --yes says you mean it.")

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var pins: PINOptions

    @Argument(help: "An id, an email, or a unique prefix of either.", completion: .custom(UserNameCompletion.complete))
    var user: String

    @Flag(help: "Confirm that the account is to be deleted.")
    var yes = false

    func run() async throws {
        let app = try await connection.openApp()
        let target = try UserResolver(app: app).resolve(user)
        let name = TerminalText.printable(target.displayName)
        guard yes else {
            throw CommandFailure("deleting the account of \(name) cannot be undone; run again with --yes")
        }
        try await pins.unlock(target)
        do {
            try await target.delete()
        } catch {
            throw CommandFailure(error)
        }
        print("Deleted the account of \(name).")
        if let current = app.currentUser {
            print("Active user: \(TerminalText.printable(current.displayName)).")
        }
    }
}
