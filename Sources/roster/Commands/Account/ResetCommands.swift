import ArgumentParser
import Foundation
import RosterCore
import RosterWire

/// `roster account send-reset --email E`: a password reset message, if the account exists.
struct SendResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send-reset", abstract: "Send a password reset message (the answer is the same for an unknown email).")

    @OptionGroup var connection: ConnectionOptions

    @Option(help: ArgumentHelp("The account's email.", valueName: "email"))
    var email: String

    func run() async throws {
        try await connection.withApp { app in try await app.emailPasswordAuth.sendResetPasswordEmail(email: email) }
        print("If \(email) has an account, a reset message went to \(try connection.outboxDescription()).")
    }
}

/// `roster account reset-password --token-id ID`: a new password, with the token of the reset
/// message. Piped in: the token on the first line, the new password on the second.
struct ResetPasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-password", abstract: "Set a new password with the token and token id of a reset message.")

    @OptionGroup var connection: ConnectionOptions

    @Option(help: ArgumentHelp("The token id of the message (not secret).", valueName: "id"))
    var tokenId: String

    func run() async throws {
        let token = try SecretInput.read("Token: ", missing: "no token given")
        let password = try SecretInput.read("New password: ", missing: "no new password given")
        try await connection.withApp { app in try await app.emailPasswordAuth.resetPassword(to: password, token: token, tokenId: tokenId) }
        print("Password changed. Log in with the new one.")
    }
}

/// `roster account call-reset --email E`: asks the app's reset function to set a new password.
struct CallResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call-reset", abstract: "Ask the app's password reset function to set a new password.")

    @OptionGroup var connection: ConnectionOptions

    @Option(help: ArgumentHelp("The account's email.", valueName: "email"))
    var email: String

    @Option(name: .customLong("argument"), help: ArgumentHelp("A JSON value handed to the function; repeat for more.", valueName: "json"))
    var arguments: [String] = []

    @Flag(help: "Read the new password from the first line of stdin instead of asking.")
    var passwordStdin = false

    func validate() throws {
        for argument in arguments where (try? JSONValue(parsing: argument)) == nil {
            throw ValidationError("--argument '\(argument)' is not JSON")
        }
    }

    func run() async throws {
        let password = try SecretInput.read("New password: ", fromStdin: passwordStdin, missing: "no new password given")
        let values = try arguments.map { try JSONValue(parsing: $0) }
        try await connection.withApp { app in try await app.emailPasswordAuth.callResetPasswordFunction(email: email, password: password, arguments: values) }
        print("The reset function took the new password for \(email).")
    }
}
