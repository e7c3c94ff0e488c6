import RosterCore

/// What every screen's effects handler needs of the session core: the app, a user by id, and
/// the users read again after a change.
struct SessionAccess: Sendable {
    let app: App

    /// The users as rows, read in one pass; throws when the store cannot be read.
    func rows() throws -> [UserRow] {
        try app.userSnapshots().map(UserRow.init(snapshot:))
    }

    /// The users as `Action.usersLoaded` carries them: with the store's revision, read first.
    func loaded() throws -> (rows: [UserRow], revision: Int) {
        let revision = try app.storeRevision()
        return (try rows(), revision)
    }

    /// The users read again, or nothing when the store cannot be read just now (the change
    /// stream reports that).
    func reloaded() -> [Action] {
        (try? loaded()).map { [.usersLoaded($0.rows, revision: $0.revision)] } ?? []
    }

    func existing(_ id: String) throws -> User {
        guard let user = app.user(id: id) else { throw RosterError.userNotFound(id) }
        return user
    }
}
