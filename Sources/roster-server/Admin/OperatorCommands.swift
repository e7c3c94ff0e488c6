import ArgumentParser
import Foundation
import RosterAdminAPI
import RosterServer
import RosterServerAssembly
import RosterServerCore

/// The Admin API's operators in the database named by `--db` (no app needed).
extension AdminCommand {
    func operators() async throws -> Operators {
        let server = try await AppOptions.open(db: app.db, apps: [])
        return Operators(server: server)
    }
}

/// `admin create-operator EMAIL --password-stdin`: someone who may log in to the Admin API.
struct CreateOperatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create-operator", abstract: "Create an operator of the Admin API; prints its id and group id.")

    @ParentCommand var admin: AdminCommand

    @Argument(help: "The operator's email, which they log in with.")
    var email: String

    @Flag(help: "Read the password (8 to 128 characters) from the first line of standard input (required).")
    var passwordStdin = false

    func validate() throws {
        guard passwordStdin else { throw ValidationError("--password-stdin is required: passwords are never taken as arguments") }
    }

    func run() async throws {
        guard let line = readLine(strippingNewline: true), !line.isEmpty else { throw CommandFailure("no password on standard input") }
        do {
            let made = try await admin.operators().create(email: email, password: line)
            print("\(made.id) group \(made.groupId)")
        } catch let error as OperatorError {
            throw CommandFailure(error.description)
        }
    }
}

/// `admin list-operators`: the operators, one a line.
struct ListOperatorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list-operators", abstract: "List the Admin API's operators.")

    @ParentCommand var admin: AdminCommand

    func run() async throws {
        let formatter = ISO8601DateFormatter()
        for found in try await admin.operators().list() {
            print("\(found.id)  \(found.email)  group \(found.groupId)  since \(formatter.string(from: found.createdAt))")
        }
    }
}

/// `admin remove-operator EMAIL`: ends their sessions and keys with them.
struct RemoveOperatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-operator", abstract: "Remove an operator of the Admin API, their sessions and API keys.")

    @ParentCommand var admin: AdminCommand

    @Argument(help: "The operator's email.")
    var email: String

    func run() async throws {
        do {
            try await admin.operators().remove(email: email)
        } catch let error as OperatorError {
            throw CommandFailure(error.description)
        }
    }
}

/// `admin create-operator-api-key EMAIL`: a key for the deployment tools; printed once.
struct CreateOperatorAPIKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create-operator-api-key",
        abstract: "Create an API key of an operator for the deployment tools; prints the public and the private key (shown once).")

    @ParentCommand var admin: AdminCommand

    @Argument(help: "The operator's email.")
    var email: String

    func run() async throws {
        do {
            let key = try await admin.operators().createAPIKey(email: email)
            print("public key: \(key.publicKey)")
            print("private key: \(key.privateKey)")
        } catch let error as OperatorError {
            throw CommandFailure(error.description)
        }
    }
}
