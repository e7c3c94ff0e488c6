import ArgumentParser
import Foundation
import RosterServer
import RosterServerAssembly
import RosterServerCore

/// `admin create-user`: makes a confirmed email/password user; the password comes on stdin.
struct CreateUserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create-user", abstract: "Create an email/password user; prints its id.")

    @ParentCommand var admin: AdminCommand

    @Option(help: "The user's email.")
    var email: String

    @Flag(help: "Read the password from the first line of standard input (required).")
    var passwordStdin = false

    func validate() throws {
        guard passwordStdin else { throw ValidationError("--password-stdin is required: passwords are never taken as arguments") }
    }

    func run() async throws {
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw CommandFailure("no password on standard input")
        }
        let (admin, appId) = try await admin.open()
        do {
            let id = try await admin.createEmailUser(appId: appId, email: email, password: line)
            try await admin.recordAdminAction(appId: appId, "create-user", userId: id)
            print(id)
        } catch let error as ServerAdminError {
            throw CommandFailure(error.description)
        }
    }
}
