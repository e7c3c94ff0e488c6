import RosterCore

/// Asks for one user's PIN (or password) in a modal box: to switch to them, or to unlock the
/// active user after the idle lock. Masked as it is typed; the request it sent is kept so that
/// only its answer closes it, and a wrong PIN leaves it open to try again.
public struct SecretPrompt: Sendable, Equatable {
    public enum Purpose: Sendable, Equatable {
        case switchTo
        case unlock
    }

    public var purpose: Purpose
    public var user: UserTarget
    public var kind: SecretKind
    /// What is typed, with its cursor: it edits as every text field does.
    public var line = LineEditor("", limit: SecretPrompt.maxLength)
    public var sent: Effect? = nil

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
        return purpose == .switchTo ? "\(what) for \(user.name)" : "Locked · \(what) for \(user.name)"
    }

    /// The effect of submitting it.
    func request() -> Effect {
        let secret = Secret(text)
        return .lock(purpose == .switchTo ? .unlockAndSwitch(id: user.id, secret) : .unlock(id: user.id, secret))
    }
}

extension SecretPrompt: CustomStringConvertible, CustomDebugStringConvertible {
    /// Never the PIN.
    public var description: String { "SecretPrompt(\(purpose), \(user.name), \(text.count) typed)" }
    public var debugDescription: String { description }
}
