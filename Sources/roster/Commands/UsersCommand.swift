import Foundation
import ArgumentParser
import RosterCore
import RosterTUI

/// `roster users`: everyone on this device, most recently active first.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "List the users on this device with their states.",
        discussion: "Markers: * active, + logged in, - logged out."
    )

    @OptionGroup var connection: ConnectionOptions

    @Flag(help: "Print a JSON array: id, name, email, providers, identities, state, current, lastActive.")
    var json = false

    @Option(help: "recent (last active first) or name; the config file's sort otherwise (roster config path).")
    var sort: ListOrder?

    @Flag(name: .long, help: "No colour (as NO_COLOR does); on a terminal the states are coloured.")
    var noColor = false

    @Option(help: ArgumentHelp(UserLineTemplate.help, valueName: "template"))
    var format: String?

    func validate() throws {
        guard let format else { return }
        if json { throw ValidationError("give --json or --format, not both") }
        do { _ = try UserLineTemplate(format) } catch { throw ValidationError("\(error)") }
    }

    func run() async throws {
        let order = try sort ?? connection.switcherSettings().sort ?? .recent
        if let format {
            try UserLineTemplate(format).print(try await connection.openForReading(), order: order)
            return
        }
        try Self.print(try await connection.openForReading(), json: json, order: order, color: OutputColor.forStandardOutput(noColorFlag: noColor))
    }

    /// The listing, as `roster users` prints it (and `roster` when not on a terminal).
    /// Every user is read in one pass of the store's index for the order (`App.userSnapshots`),
    /// never user by user, and `--json` is written a user at a time.
    static func print(_ app: App, json: Bool, order: ListOrder = .recent, color: Bool = false) throws {
        let users: [UserSnapshot]
        do { users = try app.userSnapshots(in: order.userOrder) } catch { throw CommandFailure(error) }
        if json {
            JSONOutput.printArray(users) { UserSummary($0).json }
            return
        }
        guard !users.isEmpty else {
            Swift.print("No users on this device. Log one in with `roster login`.")
            return
        }
        Swift.print(UserTable(users: users).render(color: color))
    }
}

/// The plain-text table of `roster users`.
struct UserTable {
    let users: [UserSnapshot]

    static func marker(of user: UserSnapshot) -> String {
        if user.isCurrent { return "*" }
        return user.state == .loggedIn ? "+" : "-"
    }

    static func stateText(of user: UserSnapshot) -> String {
        if user.isCurrent { return "active" }
        return user.state == .loggedIn ? "logged in" : "logged out"
    }

    /// The colour of a user's marker and state: bold green active, green logged in, dim logged out.
    static func color(of user: UserSnapshot) -> String {
        if user.isCurrent { return OutputColor.active }
        return user.state == .loggedIn ? OutputColor.loggedIn : OutputColor.loggedOut
    }

    func render(now: Date = Date(), color: Bool = false) -> String {
        let rows = users.map { user in
            [
                Self.marker(of: user), user.displayName, UserSummary.providerNames(of: user.identities).joined(separator: ", "),
                Self.stateText(of: user), user.lastActive.map { RelativeTime.ago($0, now: now) } ?? "-", user.id,
            ]
        }
        var table = TextTable(header: ["", "USER", "PROVIDERS", "STATE", "LAST ACTIVE", "ID"], rows: rows)
        if color {
            let users = users
            table.style = { row, column in
                if row == 0 { return OutputColor.header }
                return column == 0 || column == 3 ? Self.color(of: users[row - 1]) : nil
            }
        }
        return table.render()
    }
}
