import ArgumentParser
import Foundation
import RosterServer
import RosterServerAssembly
import RosterServerCore

/// `admin users`: lists the app's users.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "users", abstract: "List the app's users.")

    @ParentCommand var admin: AdminCommand

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() async throws {
        let (admin, appId) = try await admin.open()
        let users = try await admin.listUsers(appId: appId)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            print(String(decoding: try encoder.encode(users), as: UTF8.self))
            return
        }
        print("ID                        NAME/EMAIL                      PROVIDERS                 STATE     SESSIONS")
        for user in users {
            let label = user.email ?? user.name ?? "-"
            let providers = user.identities.map(\.providerType).joined(separator: ",")
            print(
                [
                    user.id.padding(toLength: 26, withPad: " ", startingAt: 0),
                    label.padding(toLength: 32, withPad: " ", startingAt: 0),
                    providers.padding(toLength: 26, withPad: " ", startingAt: 0),
                    (user.disabled ? "disabled" : "enabled").padding(toLength: 10, withPad: " ", startingAt: 0),
                    String(user.activeSessions),
                ].joined())
        }
    }
}
