import Foundation
import RosterCore

/// Finds the user a person means by `USER`: an exact id or email first, then a unique prefix
/// of an id, email or name, or the end of an id as an anonymous user's name shows it
/// (`anonymous user 0a1b2c3d`). Unknown and ambiguous names fail with a line that says which.
struct UserResolver {
    let users: [User]

    /// The named user, or the active one when no name is given.
    static func namedOrCurrent(_ name: String?, in app: App) throws -> User {
        if let name { return try UserResolver(users: app.allUsers).resolve(name) }
        guard let current = app.currentUser else {
            throw CommandFailure("no active user; name one or log in with `roster login`")
        }
        return current
    }

    func resolve(_ name: String) throws -> User {
        let needle = name.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { throw CommandFailure("say which user: an id, an email or a prefix") }
        let lowered = needle.lowercased()
        if let exact = users.first(where: { $0.id == needle || $0.profile.email?.lowercased() == lowered }) {
            return exact
        }
        let matches = users.filter { user in
            user.id.hasPrefix(needle) || (needle.count >= 4 && user.id.hasSuffix(lowered))
                || (user.profile.email?.lowercased().hasPrefix(lowered) ?? false)
                || (user.profile.name?.lowercased().hasPrefix(lowered) ?? false)
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
