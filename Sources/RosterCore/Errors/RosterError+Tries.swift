import Foundation

extension RosterError {
    /// Whether a PIN (or password, or the admin PIN) given was refused as wrong, too soon after
    /// wrong ones, or could not be checked for want of the server: the box that asked says so
    /// and stays open.
    public var refusesSecret: Bool {
        switch self {
        case .wrongSecret, .secretDelayed, .wrongAdminPIN, .unlockUnreachable: true
        default: false
        }
    }

    /// For a wrong PIN (or password), how many more wrong tries end the user's session on this
    /// device; nil for any other error.
    public var wrongTriesLeft: Int? {
        guard case .wrongSecret(_, _, let remaining) = self else { return nil }
        return remaining
    }

    /// How long the next try must wait, in seconds: after a wrong PIN, the wait the count has
    /// reached (none for the first three, BEHAVIOURS 45); for a try made too soon, what is left
    /// of the wait. Nil when the next try may come at once, or for any other error.
    public var secondsBeforeNextTry: Int? {
        switch self {
        case .wrongSecret(_, _, let remaining):
            return WrongSecretLimits.delay(after: WrongSecretLimits.logOutAfter - remaining).map { Int($0.rounded(.up)) }
        case .secretDelayed(_, _, let seconds):
            return seconds
        case .wrongAdminPIN(let seconds):
            return seconds
        default:
            return nil
        }
    }
}
