import ArgumentParser
import RosterCore

/// `roster logout [USER]`: logs a user out (the active one by default). The user stays on the
/// device, logged out; an anonymous user is removed, since it could never log back in.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Log a user out (the active user if none is named).")

    @OptionGroup var connection: ConnectionOptions

    @Argument(help: "An id, an email, or a unique prefix of either.")
    var user: String?

    func run() async throws {
        let app = try await connection.openApp()
        let target = try UserResolver.namedOrCurrent(user, in: app)
        let name = target.displayName
        let report: LogOutReport
        do {
            report = try await target.logOut()
        } catch {
            throw CommandFailure(error)
        }
        print(target.state == .removed ? "Logged out \(name); anonymous users are removed." : "Logged out \(name).")
        if let current = app.currentUser {
            print("Active user: \(current.displayName).")
        }
        if let problem = report.revocationError {
            Terminal.printError("roster: logged out on this device, but the server was not told: \(problem)")
        }
    }
}
