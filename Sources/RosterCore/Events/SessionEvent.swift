import Foundation

/// One thing that happened to a user of the device, as `App.events` yields it to every process
/// sharing the device store (another `roster`, the switcher, an app): a log-in, a switch, a
/// log-out, a removal, a session the server ended, a lock or an unlock. It holds who and when,
/// never a token, PIN or password.
public struct SessionEvent: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case loggedIn = "logged-in"
        /// The user became the active one.
        case switched
        case loggedOut = "logged-out"
        /// The user left the device: removed, an anonymous user logged out, or the account
        /// deleted on the server (`reason` says so).
        case removed
        /// The server ended the session (revoked, expired, the account disabled or deleted) and
        /// the user was logged out here; `reason` says what the server said.
        case sessionEnded = "session-ended"
        /// Too many wrong PINs: the user was logged out here.
        case lockedOut = "locked-out"
        /// The active user's session was closed behind their PIN (the idle lock, or a kiosk
        /// returning to nobody active).
        case locked
        /// The user's PIN (or password) was given and their session opened.
        case unlocked
    }

    /// Grows by one with each event written on the device, in every process, and is never
    /// reused: a reader that keeps the last one it saw reads on from there
    /// (`App.events(after:)`).
    public let sequence: Int64
    public let kind: Kind
    public let userId: String
    /// The user's name as it was then.
    public let userName: String
    /// When it happened, on the clock of the process that wrote it.
    public let at: Date
    /// Why, for `sessionEnded`, `lockedOut` and a `removed` that was a deletion on the server.
    public let reason: String?

    public init(sequence: Int64, kind: Kind, userId: String, userName: String, at: Date, reason: String? = nil) {
        self.sequence = sequence
        self.kind = kind
        self.userId = userId
        self.userName = userName
        self.at = at
        self.reason = reason
    }
}

extension SessionEvent {
    /// The event a line of history makes, not yet numbered; `nil` for a line that is not about
    /// a user's session (a wrong PIN, a policy change, the admin PIN) or names no user.
    init?(history event: HistoryEntry.Event, userId: String?, name: String?, at: Date, reason: String?) {
        guard let userId, !userId.isEmpty else { return nil }
        let kind: Kind
        var reason = reason
        switch event {
        case .loggedIn: kind = .loggedIn
        case .switched: kind = .switched
        case .loggedOut: kind = .loggedOut
        case .removed: kind = .removed
        case .deleted:
            kind = .removed
            reason = reason ?? "the account was deleted on the server"
        case .sessionEnded:
            kind = .sessionEnded
            reason = reason ?? "the server ended the session"
        case .lockedOut:
            kind = .lockedOut
            reason = reason ?? "too many wrong PINs"
        case .locked: kind = .locked
        case .unlocked: kind = .unlocked
        case .wrongSecret, .wrongPINsReported, .pinChanged, .policyChanged, .revoked, .adminPINSet, .adminPINUsed, .wrongAdminPIN:
            return nil
        }
        self.init(sequence: 0, kind: kind, userId: userId, userName: name ?? userId, at: at, reason: reason)
    }
}
