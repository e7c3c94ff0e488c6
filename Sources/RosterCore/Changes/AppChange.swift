/// One change to the users on a device, as `App.changes()` and `User.changes()` yield it
/// after the change is written.
public struct AppChange: Sendable, Equatable {
    /// What happened.
    public enum Event: String, Sendable, Equatable {
        case loggedIn
        case switched
        case loggedOut
        case removed
        /// A new access token (and with it custom data) was stored.
        case refreshed
        /// Identities or profile changed (linking).
        case profileChanged
        /// Another process changed the store; `userId` is empty. Read again what you show.
        case storeChanged
    }

    public let event: Event
    /// The user the change is about.
    public let userId: String
    /// The current user after the change.
    public let currentUserId: String?

    public init(event: Event, userId: String, currentUserId: String?) {
        self.event = event
        self.userId = userId
        self.currentUserId = currentUserId
    }
}

/// One change to a single user, as `User.changes()` yields it.
public struct UserChange: Sendable, Equatable {
    public let event: AppChange.Event
    /// The user's state after the change.
    public let state: UserState
    /// Whether the user is current after the change.
    public let isCurrent: Bool

    public init(event: AppChange.Event, state: UserState, isCurrent: Bool) {
        self.event = event
        self.state = state
        self.isCurrent = isCurrent
    }
}
