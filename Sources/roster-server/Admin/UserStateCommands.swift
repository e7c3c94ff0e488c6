import ArgumentParser
import Foundation
import RosterServer

/// `admin disable USER`: the user can no longer log in or refresh.
struct DisableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "disable", abstract: "Disable a user.")
    @ParentCommand var admin: AdminCommand
    @Argument(help: "The user's id or email.") var user: String

    func run() async throws {
        let (admin, appId) = try await admin.open()
        try await admin.setDisabled(appId: appId, userId: try await AdminCommand.resolve(user, admin: admin, appId: appId), true)
    }
}

/// `admin enable USER`: undoes `disable`.
struct EnableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "enable", abstract: "Enable a disabled user.")
    @ParentCommand var admin: AdminCommand
    @Argument(help: "The user's id or email.") var user: String

    func run() async throws {
        let (admin, appId) = try await admin.open()
        try await admin.setDisabled(appId: appId, userId: try await AdminCommand.resolve(user, admin: admin, appId: appId), false)
    }
}

/// `admin revoke-sessions USER`: logs the user out everywhere; prints how many sessions ended.
struct RevokeSessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke-sessions", abstract: "Revoke every session of a user; prints how many.")
    @ParentCommand var admin: AdminCommand
    @Argument(help: "The user's id or email.") var user: String

    func run() async throws {
        let (admin, appId) = try await admin.open()
        print(try await admin.revokeSessions(appId: appId, userId: try await AdminCommand.resolve(user, admin: admin, appId: appId)))
    }
}

/// `admin delete USER`: removes the user and everything it logs in with.
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a user with its identities, sessions and API keys.")
    @ParentCommand var admin: AdminCommand
    @Argument(help: "The user's id or email.") var user: String

    func run() async throws {
        let (admin, appId) = try await admin.open()
        try await admin.deleteUser(appId: appId, userId: try await AdminCommand.resolve(user, admin: admin, appId: appId))
    }
}
