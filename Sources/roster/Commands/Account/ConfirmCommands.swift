import ArgumentParser
import RosterCore

/// `roster account confirm --token-id ID`: confirms an account with the token of its message.
struct ConfirmCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm", abstract: "Confirm an account with the token and token id of its message.")

    @OptionGroup var connection: ConnectionOptions

    @Option(help: ArgumentHelp("The token id of the message (not secret).", valueName: "id"))
    var tokenId: String

    func run() async throws {
        let token = try SecretInput.read("Token: ", missing: "no token given")
        try await connection.withApp { app in try await app.emailPasswordAuth.confirmUser(token: token, tokenId: tokenId) }
        print("Confirmed. The account can log in now.")
    }
}

/// `roster account resend-confirmation --email E`: a new confirmation message.
struct ResendConfirmationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resend-confirmation", abstract: "Send a new confirmation message to an account not yet confirmed.")

    @OptionGroup var connection: ConnectionOptions

    @Option(help: ArgumentHelp("The account's email.", valueName: "email"))
    var email: String

    func run() async throws {
        try await connection.withApp { app in try await app.emailPasswordAuth.resendConfirmationEmail(email: email) }
        print("A new confirmation message for \(email) went to \(try connection.outboxDescription()).")
    }
}

/// `roster account retry-confirmation --email E`: runs the app's confirmation function again.
struct RetryConfirmationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry-confirmation", abstract: "Run the app's confirmation function again for an account.")

    @OptionGroup var connection: ConnectionOptions

    @Option(help: ArgumentHelp("The account's email.", valueName: "email"))
    var email: String

    func run() async throws {
        try await connection.withApp { app in try await app.emailPasswordAuth.retryCustomConfirmation(email: email) }
        print("The confirmation function ran again for \(email).")
    }
}
