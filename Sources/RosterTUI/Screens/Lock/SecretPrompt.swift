import Foundation
import RosterCore

/// Asks for one user's PIN (or password) in a modal box: to switch to them, or to unlock the
/// active user after the idle lock. Masked as it is typed; the request it sent is kept so that
/// only its answer closes it, and a wrong PIN leaves it open to try again.
public struct SecretPrompt: Sendable, Equatable {
    public enum Purpose: Sendable, Equatable {
        case switchTo
        case unlock
        /// Logging out, or removing, a person other than the unlocked active one needs their
        /// PIN (BEHAVIOURS 53).
        case logOut
        case remove
    }

    public var purpose: Purpose
    public var user: UserTarget
    public var kind: SecretKind
    /// What is typed, with its cursor: it edits as every text field does.
    public var line = LineEditor("", limit: SecretPrompt.maxLength)
    public var sent: Effect? = nil
    /// The last refusal, shown in the box until the next answer.
    public var refusal: SecretRefusal? = nil
    /// When the next try may be sent, after a refusal that asks for a wait.
    public var nextTryAt: Date? = nil

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
    }

    /// "PIN for emma@example.com", "Password for …".
    public var title: String {
        let what = kind == .pin ? "PIN" : "Password"
        return purpose == .unlock ? "Locked · \(what) for \(user.name)" : "\(what) for \(user.name)"
    }

    /// What the box is for, in a sentence.
    public var reason: String {
        switch purpose {
        case .switchTo: "Switching to \(user.name) needs their \(kind)."
        case .unlock: "Give the \(kind) of \(user.name) to unlock."
        case .logOut: "Logging \(user.name) out needs their \(kind)."
        case .remove: "Removing \(user.name) from this device needs their \(kind)."
        }
    }

    /// Whole seconds until the next try may be sent at `now`; nil when it may be sent.
    public func secondsToWait(at now: Date) -> Int? {
        guard let nextTryAt, nextTryAt > now else { return nil }
        return Int(nextTryAt.timeIntervalSince(now).rounded(.up))
    }

    /// Whether `character` may be typed: a PIN is digits only, so no other key types into it.
    func accepts(_ character: Character) -> Bool {
        kind != .pin || (character.isASCII && character.isNumber)
    }

    /// The effect of submitting it.
    func request() -> Effect {
        let secret = Secret(text)
        switch purpose {
        case .switchTo: return .lock(.unlockAndSwitch(id: user.id, secret))
        case .unlock: return .lock(.unlock(id: user.id, secret))
        case .logOut: return .lock(.unlockAndLogOut(id: user.id, secret))
        case .remove: return .lock(.unlockAndRemove(id: user.id, secret))
        }
    }
}

extension SecretPrompt: CustomStringConvertible, CustomDebugStringConvertible {
    /// Never the PIN.
    public var description: String { "SecretPrompt(\(purpose), \(user.name), \(text.count) typed)" }
    public var debugDescription: String { description }
}
