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

    @Option(help: "recent (last active first) or name.")
    var sort: ListOrder = .recent

    func run() async throws {
        try Self.print(try await connection.openApp(), json: json, order: sort)
    }

    /// The listing, as `roster users` prints it (and `roster` when not on a terminal).
    static func print(_ app: App, json: Bool, order: ListOrder = .recent) throws {
        let users = order.ordered(app.allUsers, name: \.displayName, id: \.id)
        if json {
            try JSONOutput.print(users.map { UserSummary($0) })
            return
        }
        guard !users.isEmpty else {
            Swift.print("No users on this device. Log one in with `roster login`.")
            return
        }
        Swift.print(UserTable(users: users).render())
    }
}

/// The plain-text table of `roster users`.
struct UserTable {
    let users: [User]

    static func marker(of user: User) -> String {
        if user.isCurrent { return "*" }
        return user.state == .loggedIn ? "+" : "-"
    }

    static func stateText(of user: User) -> String {
        if user.isCurrent { return "active" }
        return user.state == .loggedIn ? "logged in" : "logged out"
    }

    func render(now: Date = Date()) -> String {
        let rows = users.map { user in
            [
                Self.marker(of: user), user.displayName, UserSummary.providerNames(of: user).joined(separator: ", "),
                Self.stateText(of: user), user.lastActive.map { RelativeTime.ago($0, now: now) } ?? "-", user.id,
            ]
        }
        return TextTable(header: ["", "USER", "PROVIDERS", "STATE", "LAST ACTIVE", "ID"], rows: rows).render()
    }
}
