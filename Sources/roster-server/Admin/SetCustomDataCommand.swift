import ArgumentParser
import Foundation
import RosterServer
import RosterServerAssembly
import RosterServerCore
import RosterWire

/// `admin set-custom-data USER JSON`: replaces a user's custom data document.
struct SetCustomDataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-custom-data", abstract: "Replace a user's custom data document.")

    @ParentCommand var admin: AdminCommand

    @Argument(help: "The user's id or email.")
    var user: String

    @Argument(help: "The document as a JSON object, or - to read it from standard input.")
    var json: String

    func run() async throws {
        // A document is at most 16 KiB once stored; 1 MiB of stdin is read, and no more.
        let text = json == "-" ? String(decoding: BoundedFile.standardInput(atMost: BoundedFile.configBytes), as: UTF8.self) : json
        let document: JSONValue
        do {
            document = try JSONValue(parsing: text)
        } catch {
            throw CommandFailure("the custom data is not valid JSON: \(error)")
        }
        let (admin, appId) = try await admin.open()
        let id = try await AdminCommand.resolve(user, admin: admin, appId: appId)
        do {
            try await admin.setCustomData(appId: appId, userId: id, document: document)
            try await admin.recordAdminAction(appId: appId, "set-custom-data", userId: id)
        } catch let error as ServerAdminError {
            throw CommandFailure(error.description)
        }
    }
}
