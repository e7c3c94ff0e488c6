import ArgumentParser
import Foundation
import RosterServer
import RosterServerAssembly
import RosterServerCore

/// `roster-server admin`: manages users directly in the database, bypassing the client rules.
struct AdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin", abstract: "Manage users directly in the server database.",
        subcommands: [
            UsersCommand.self, CreateUserCommand.self, SetCustomDataCommand.self, DisableCommand.self, EnableCommand.self,
            RevokeSessionsCommand.self, DeleteCommand.self, PurgeCommand.self, AuditCommand.self, MintJWTCommand.self,
            CreateOperatorCommand.self, ListOperatorsCommand.self, RemoveOperatorCommand.self, CreateOperatorAPIKeyCommand.self,
        ])

    @OptionGroup var app: AppOptions

    /// The server over the database and the app id, for a subcommand.
    func open() async throws -> (admin: ServerAdmin, appId: String) {
        let (server, config) = try await app.open()
        return (server.admin, config.appId)
    }

    /// The id of the user named by an id or an email.
    static func resolve(_ user: String, admin: ServerAdmin, appId: String) async throws -> String {
        guard let found = try await admin.findUser(appId: appId, idOrEmail: user) else {
            throw CommandFailure("no user '\(user)' in app '\(appId)' (give a user id or an email)")
        }
        return found.id
    }
}
