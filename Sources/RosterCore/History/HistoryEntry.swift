import Foundation

/// One line of the device's history: who did what, when; never a secret (issue: shared
/// terminals). `roster history` and the switcher's history screen show it.
public struct HistoryEntry: Sendable, Equatable {
    public enum Event: String, Sendable, Equatable, CaseIterable {
        case loggedIn = "log-in"
        case switched = "switch"
        case loggedOut = "log-out"
        case removed = "remove"
        /// The account was deleted on the server (and the user removed from the device with it).
        case deleted = "delete"
        case wrongSecret = "wrong PIN"
        case lockedOut = "locked out"
        case unlocked = "unlock"
        /// An unlock the server told of wrong PINs since the last one (a copy of the device
        /// guessing, or tries here); the name says whose and how many.
        case wrongPINsReported = "wrong PINs"
        case locked = "lock"
        case pinChanged = "PIN changed"
        case policyChanged = "policy"
        case revoked = "revoked later"
        /// The server ended the session (expired, revoked, the account disabled or deleted).
        case sessionEnded = "session ended"
        /// The device's admin PIN was set or changed.
        case adminPINSet = "admin PIN set"
        /// The admin PIN was given; the next line says what it was given for.
        case adminPINUsed = "admin PIN"
        case wrongAdminPIN = "wrong admin PIN"
    }

    public var at: Date
    public var event: Event
    public var userId: String?
    /// The user's name as it was then, or for `policyChanged` what changed (`pin → open`,
    /// `lock after 10 s → 15 s`).
    public var userName: String?

    public init(at: Date, event: Event, userId: String? = nil, userName: String? = nil) {
        self.at = at
        self.event = event
        self.userId = userId
        self.userName = userName
    }
}
