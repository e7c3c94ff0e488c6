import ArgumentParser
import RosterCore
import RosterTUI
import RosterWire

/// `roster link`: gives a logged-in user another way to log in. An anonymous user linked to an
/// email, a key or a token becomes a permanent user that outlives log-out.
struct LinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Add another way to log in to a user (an anonymous user linked this way is kept after log-out).",
        discussion: CredentialOptions.secretsDiscussion + " An email is linked once registered (`roster account register`)."
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(help: ArgumentHelp("Who gets the log-in: an id, an email, or a unique prefix (the active user by default).", valueName: "user"),
        completion: .custom(UserNameCompletion.complete))
    var user: String?

    @OptionGroup var credentials: CredentialOptions

    @OptionGroup var pins: PINOptions

    func validate() throws {
        if credentials.anonymous {
            throw ValidationError("anonymous log-ins cannot be linked; link an email, a key or a token to the anonymous user instead")
        }
    }

    func run() async throws {
        if credentials.device { return try await linkOnAnotherDevice() }
        let credentials = try self.credentials.read()
        let (name, id) = try await connection.withApp { app in
            let target = try UserResolver.namedOrCurrent(user, in: app)
            guard target.state == .loggedIn else {
                throw CommandFailure("\(target.displayName) is logged out; log in first, then link")
            }
            try await pins.unlock(target)
            try await target.linkUser(credentials: credentials)
            return (target.displayName, target.id)
        }
        print("Linked \(credentials.provider.displayName) log-in to \(TerminalText.printable(name)) (\(id)); it logs in as this user from now on.")
    }

    /// `--device`: the identity to link is signed in with, and approved, on a phone.
    private func linkOnAnotherDevice() async throws {
        if let reason = connection.deviceLoginUnavailable() { throw CommandFailure(reason) }
        let (name, id) = try await connection.withApp { app in
            let target = try UserResolver.namedOrCurrent(user, in: app)
            guard target.state == .loggedIn else {
                throw CommandFailure("\(target.displayName) is logged out; log in first, then link")
            }
            try await pins.unlock(target)
            var wait = DeviceLoginWait(app: app, login: try await target.startDeviceLink(terminal: SessionEffects.hostName), pin: nil)
            guard case .user(let linked) = try await wait.run() else { throw CommandFailure("the link was approved as a log-in") }
            return (linked.displayName, linked.id)
        }
        print("Linked a log-in on another device to \(TerminalText.printable(name)) (\(id)); it logs in as this user from now on.")
    }
}
