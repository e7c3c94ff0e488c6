/// What the users list asks of the session core, for one user by id.
public enum ListEffect: Sendable, Equatable {
    case switchUser(id: String)
    case logOut(id: String)
    /// Forget the user on this device (logging out first).
    case remove(id: String)
    /// Delete the account on the server (and so from the device).
    case delete(id: String)
    case refreshCustomData(id: String)
}
