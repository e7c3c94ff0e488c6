import ArgumentParser
import RosterCore

/// `roster account register --email E`: a new email/password account on the server.
struct RegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register", abstract: "Register a new email/password account (it does not log in).")

    @OptionGroup var connection: ConnectionOptions

    @Option(help: ArgumentHelp("The new account's email.", valueName: "email"))
    var email: String

    @Flag(help: "Read the password from the first line of stdin instead of asking.")
    var passwordStdin = false

    func validate() throws {
        guard email.contains("@"), email.count <= 254 else { throw ValidationError("'\(email)' is not an email address") }
    }

    func run() async throws {
        let password = try SecretInput.read("Password for \(email): ", fromStdin: passwordStdin, missing: "no password given")
        try await connection.withApp { app in try await app.emailPasswordAuth.registerUser(email: email, password: password) }
        print("Registered \(email). Log in with `roster login --email \(email)`; if the app confirms new accounts,")
        print("confirm first with the token sent to \(try connection.outboxDescription()).")
    }
}
