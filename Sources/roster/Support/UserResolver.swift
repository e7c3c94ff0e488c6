import Foundation
import RosterCore

/// Finds the user a person means by `USER`: an exact id or email first, then the name Roster
/// shows for one user alone (`anonymous user 0a1b2c3d`), then a unique prefix of an id, email or
/// name, or the end of an id as an anonymous user's name shows it. Unknown and ambiguous names
/// fail with a line that says which. Only the users the name may mean are read from the device
/// (`App.usersPossiblyNamed`), so a device of many users answers as fast as one of few.
struct UserResolver {
    let app: App

    /// The named user, or when none is named the one `UserChoice` chooses: `ROSTER_USER`, the
    /// nearest `.roster-user`, the active user.
    static func namedOrCurrent(_ name: String?, in app: App) throws -> User {
        try UserChoice.choose(named: name).user(in: app)
    }

    func resolve(_ name: String) throws -> User {
        let app = app
        let chosen = try Self.choose(name, reading: { try app.usersPossiblyNamed($0) })
        guard let user = app.user(id: chosen.id) else {
            throw CommandFailure("no user '\(name.trimmingCharacters(in: .whitespaces))' on this device (see `roster users`)")
        }
        return user
    }

    /// The one user `name` names, by the rules above, among those `possiblyNamed` reads for it:
    /// the app's (`resolve`) or a prompt's glance at the store (`DeviceStoreGlance`).
    static func choose(_ name: String, reading possiblyNamed: (String) throws -> [UserNames]) throws -> UserNames {
        let needle = name.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { throw CommandFailure("say which user: an id, an email or a prefix") }
        let candidates: [UserNames]
        do { candidates = try possiblyNamed(needle) } catch { throw CommandFailure(error) }
        return try choose(needle, among: candidates)
    }

    /// The one user of `users` (most recently active first) that `needle` names, by the rules above.
    static func choose(_ needle: String, among users: [UserNames]) throws -> UserNames {
        let lowered = needle.lowercased()
        if let exact = users.first(where: { $0.id == needle || $0.email?.lowercased() == lowered }) {
            return exact
        }
        // The name as Roster shows it (`anonymous user 0a1b2c3d`, a profile's name) when only one has it.
        let shown = users.filter { $0.displayName.lowercased() == lowered }
        if shown.count == 1 { return shown[0] }
        let matches = users.filter { user in
            user.id.hasPrefix(needle) || (needle.count >= 4 && user.id.hasSuffix(lowered))
                || (user.email?.lowercased().hasPrefix(lowered) ?? false)
                || (user.name?.lowercased().hasPrefix(lowered) ?? false)
        }
        switch matches.count {
        case 1:
            return matches[0]
        case 0:
            throw CommandFailure("no user '\(needle)' on this device (see `roster users`)")
        default:
            let names = matches.prefix(4).map(\.displayName).joined(separator: ", ")
            throw CommandFailure("'\(needle)' matches \(matches.count) users (\(names)); say more")
        }
    }
}
