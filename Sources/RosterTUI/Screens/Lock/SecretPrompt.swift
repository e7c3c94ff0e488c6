import Foundation
import RosterCore

/// Asks for one user's PIN (or password) in a modal box: to switch to them, to unlock the active
/// user after the idle lock, or to log out or remove them; or for the device's admin PIN: to
/// leave a kiosk, or (Tab) instead of the person's PIN. Masked as it is typed; the request it
/// sent is kept so that only its answer closes it, and a wrong PIN leaves it open to try again.
public struct SecretPrompt: Sendable, Equatable {
    public enum Purpose: Sendable, Equatable {
        case switchTo
        case unlock
        /// Logging out, or removing, a person other than the unlocked active one needs their
        /// PIN (BEHAVIOURS 53).
        case logOut
        case remove
        /// Leaving a kiosk needs the admin PIN (BEHAVIOURS 54); `user` is the active one, if any.
        case leaveKiosk
    }

    public var purpose: Purpose
    public var user: UserTarget
    public var kind: SecretKind
    /// What is typed, with its cursor: it edits as every text field does.
    public var line = LineEditor("", limit: SecretPrompt.maxLength)
    public var sent: Effect? = nil
    /// Enter was pressed while `sent` was checked: what is typed goes when it is answered.
    public var sendsWhenAnswered = false
    /// The last refusal, shown in the box until the next answer.
    public var refusal: SecretRefusal? = nil
    /// When the next try may be sent, after a refusal that asks for a wait.
    public var nextTryAt: Date? = nil
    /// Whether the admin PIN is asked for instead of the person's (BEHAVIOURS 54).
    public var asAdmin: Bool

    /// What is typed; setting it puts the cursor at its end.
    public var text: String {
        get { line.text }
        set { line.set(newValue) }
    }

    public static let maxLength = 128

    public init(purpose: Purpose, user: UserTarget, kind: SecretKind) {
        self.purpose = purpose
        self.user = user
        self.kind = kind
        asAdmin = purpose == .leaveKiosk
    }

    /// Whether Tab may ask for the admin PIN instead: acting for somebody else.
    public var offersAdminPIN: Bool { purpose == .logOut || purpose == .remove }

    /// What is typed: the person's PIN or password, or the admin PIN (digits).
    public var typedKind: SecretKind { asAdmin ? .pin : kind }

    /// Whose secret is asked for, in words: "the admin PIN", "the PIN of emma@example.com".
    public var whose: String { asAdmin ? "the admin PIN" : "the \(kind) of \(user.name)" }

    /// "PIN for emma@example.com", "Password for …", "Admin PIN".
    public var title: String {
        if asAdmin { return purpose == .leaveKiosk ? "Kiosk · Admin PIN" : "Admin PIN" }
        let what = kind == .pin ? "PIN" : "Password"
        return purpose == .unlock ? "Locked · \(what) for \(user.name)" : "\(what) for \(user.name)"
    }

    /// What the box is for, in a sentence.
    public var reason: String {
        let needs = asAdmin ? "the admin PIN" : "their \(kind)"
        return switch purpose {
        case .switchTo: "Switching to \(user.name) needs their \(kind)."
        case .unlock: "Give the \(kind) of \(user.name) to unlock."
        case .logOut: "Logging \(user.name) out needs \(needs)."
        case .remove: "Removing \(user.name) from this device needs \(needs)."
        case .leaveKiosk: "This terminal is a kiosk: leaving Roster needs the admin PIN."
        }
    }

    /// Whole seconds until the next try may be sent at `now`; nil when it may be sent.
    public func secondsToWait(at now: Date) -> Int? {
        guard let nextTryAt, nextTryAt > now else { return nil }
        return Int(nextTryAt.timeIntervalSince(now).rounded(.up))
    }

    /// Whether `character` may be typed: a PIN is digits only, so no other key types into it.
    func accepts(_ character: Character) -> Bool {
        typedKind != .pin || (character.isASCII && character.isNumber)
    }

    /// The effect of submitting it.
    func request() -> Effect {
        let secret = Secret(text)
        switch purpose {
        case .switchTo: return .lock(.unlockAndSwitch(id: user.id, secret))
        case .unlock: return .lock(.unlock(id: user.id, secret))
        case .logOut: return .lock(asAdmin ? .adminLogOut(id: user.id, secret) : .unlockAndLogOut(id: user.id, secret))
        case .remove: return .lock(asAdmin ? .adminRemove(id: user.id, secret) : .unlockAndRemove(id: user.id, secret))
        case .leaveKiosk: return .lock(.leaveKiosk(secret))
        }
    }
}

extension SecretPrompt: CustomStringConvertible, CustomDebugStringConvertible {
    /// Never the PIN.
    public var description: String { "SecretPrompt(\(purpose)\(asAdmin ? ", admin" : ""), \(user.name), \(text.count) typed)" }
    public var debugDescription: String { description }
}
