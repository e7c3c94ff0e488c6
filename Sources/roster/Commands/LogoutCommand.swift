import ArgumentParser
import RosterCore
import RosterWire

/// `roster logout [USER]`: logs a user out (the active one by default). The user stays on the
/// device, logged out; an anonymous user is removed, since it could never log back in.
/// `roster logout --all` logs everyone on the device out, leaving nobody active.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Log a user out (the active user if none is named), or --all of them.")

    @OptionGroup var connection: ConnectionOptions

    @Argument(help: "An id, an email, or a unique prefix of either.", completion: .custom(UserNameCompletion.complete))
    var user: String?

    @OptionGroup var userOption: UserOption

    @Flag(help: "Log every user on this device out; nobody is active afterwards.")
    var all = false

    @OptionGroup var pins: PINOptions

    @OptionGroup var adminPIN: AdminPINOption

    func validate() throws {
        if all && (user != nil || userOption.user != nil) { throw ValidationError("give a user or --all, not both") }
        _ = try userOption.named(user)
    }

    func run() async throws {
        let app = try await connection.openApp()
        if all {
            // Each sealed user's PIN, one line each in `roster users` order (BEHAVIOURS 53), or
            // the admin PIN (BEHAVIOURS 54).
            let grant = try await adminPIN.grantIfAsked(app, for: "logging everyone out", pins: pins)
            if grant == nil {
                for user in app.allUsers where user.state == .loggedIn { try await pins.unlock(user) }
            }
            let reports = try await CommandFailure.wording { try await app.logOutAll(admin: grant) }
            print(reports.isEmpty ? "Nobody was logged in." : "Logged out \(reports.count) user\(reports.count == 1 ? "" : "s"); nobody is active.")
            for (user, report) in reports {
                if let problem = report.revocationError {
                    Terminal.printError("roster: \(user.displayName) is logged out on this device, but the server was not told: \(problem)")
                }
            }
            return
        }
        let target = try UserResolver.namedOrCurrent(try userOption.named(user), in: app)
        let name = TerminalText.printable(target.displayName)
        // Under pin or password, nobody logs somebody else out: their PIN is asked for
        // (BEHAVIOURS 53), or with --admin the admin PIN (BEHAVIOURS 54).
        let grant = try await adminPIN.grantIfAsked(app, for: "logging out \(name)", pins: pins)
        if grant == nil { try await pins.unlock(target) }
        let report: LogOutReport
        do {
            report = try await target.logOut(admin: grant)
        } catch {
            throw CommandFailure(error)
        }
        print(target.state == .removed ? "Logged out \(name); anonymous users are removed." : "Logged out \(name).")
        if let current = app.currentUser {
            print("Active user: \(TerminalText.printable(current.displayName)).")
        }
        if let problem = report.revocationError {
            Terminal.printError("roster: logged out on this device, but the server was not told: \(problem)")
        }
    }
}
