import ArgumentParser
import Foundation
import RosterServer
import RosterServerAssembly
import RosterServerCore

/// `admin disable USER`: the user can no longer log in or refresh.
struct DisableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "disable", abstract: "Disable a user.")
    @ParentCommand var admin: AdminCommand
    @Argument(help: "The user's id or email.") var user: String

    func run() async throws {
        let (admin, appId) = try await admin.open()
        let userId = try await AdminCommand.resolve(user, admin: admin, appId: appId)
        try await admin.setDisabled(appId: appId, userId: userId, true)
        try await admin.recordAdminAction(appId: appId, "disable", userId: userId)
    }
}

/// `admin enable USER`: undoes `disable`.
struct EnableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "enable", abstract: "Enable a disabled user.")
    @ParentCommand var admin: AdminCommand
    @Argument(help: "The user's id or email.") var user: String

    func run() async throws {
        let (admin, appId) = try await admin.open()
        let userId = try await AdminCommand.resolve(user, admin: admin, appId: appId)
        try await admin.setDisabled(appId: appId, userId: userId, false)
        try await admin.recordAdminAction(appId: appId, "enable", userId: userId)
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
        let userId = try await AdminCommand.resolve(user, admin: admin, appId: appId)
        print(try await admin.revokeSessions(appId: appId, userId: userId))
        try await admin.recordAdminAction(appId: appId, "revoke-sessions", userId: userId)
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
        let userId = try await AdminCommand.resolve(user, admin: admin, appId: appId)
        try await admin.deleteUser(appId: appId, userId: userId)
        try await admin.recordAdminAction(appId: appId, "delete", userId: userId)
    }
}

/// `admin purge [--limit N]`: removes the app's dead records now, as the server does now and
/// then; prints what went.
struct PurgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purge",
        abstract: "Remove expired sessions, spent account tokens, long-idle anonymous users and old failed-attempt counts.")
    @ParentCommand var admin: AdminCommand
    @Option(help: "At most this many records of each kind (1 or more).") var limit = 1000

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be 1 or more") }
    }

    func run() async throws {
        let (admin, appId) = try await admin.open()
        let report = try await admin.purge(appId: appId, limit: limit)
        try await admin.recordAdminAction(appId: appId, "purge")
        print("sessions: \(report.sessions)")
        print("account tokens: \(report.accountTokens)")
        print("anonymous users: \(report.anonymousUsers)")
        print("failed-attempt counts: \(report.attemptCounts)")
        print("device log-ins: \(report.deviceAuthorizations)")
    }
}
