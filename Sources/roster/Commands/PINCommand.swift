import ArgumentParser
import RosterCore
import RosterWire

/// `roster pin [USER]`: changes a user's PIN; the old one first.
struct PINCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin", abstract: "Change a user's PIN (the active user if none is named); the old PIN is needed.",
        discussion: "With --pin-stdin: the old PIN on the first line of stdin, the new one on the second.")

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var pins: PINOptions

    @Argument(help: "An id, an email, or a unique prefix of either.", completion: .custom(UserNameCompletion.complete))
    var user: String?

    @OptionGroup var userOption: UserOption

    func validate() throws { _ = try userOption.named(user) }

    func run() async throws {
        let app = try await connection.openApp()
        let target = try UserResolver.namedOrCurrent(try userOption.named(user), in: app)
        guard target.secretKind == .pin else {
            throw CommandFailure("\(target.displayName) has no PIN on this device (see `roster policy`)")
        }
        let old = try SecretInput.read(
            "Current PIN for \(target.displayName): ", fromStdin: pins.pinStdin, missing: "no PIN given", what: "a PIN", flag: "--pin-stdin")
        let new = try pins.newPIN("New PIN (at least \(PINRule.minimumDigits) digits): ")
        try await CommandFailure.wording { try await target.changePIN(old: old, new: new) }
        print("Changed the PIN of \(TerminalText.printable(target.displayName)).")
    }
}
