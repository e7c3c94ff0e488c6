import Foundation

/// Who may make a logged-in user active on a shared terminal (BEHAVIOURS 43).
public enum SwitchingPolicy: String, Sendable, Equatable, CaseIterable, Comparable {
    /// As the SDKs: any logged-in user may be made active without a secret. Sessions are sealed
    /// with the device key, which protects copies of the store, not the terminal.
    case open
    /// Each user chooses a PIN at log-in; their session is sealed with a key derived from it.
    case pin
    /// Email/password users give their password (checked by logging in again); others a PIN.
    case password

    /// How much a policy keeps people apart: `open` least. Moving down this order loosens it.
    private var strength: Int {
        switch self {
        case .open: 0
        case .pin, .password: 1
        }
    }

    public static func < (lhs: SwitchingPolicy, rhs: SwitchingPolicy) -> Bool { lhs.strength < rhs.strength }
}

/// What the switcher does when nobody has pressed a key for the idle time (BEHAVIOURS 47).
public enum IdleAction: String, Sendable, Equatable, CaseIterable {
    /// Hide the active user's details until their PIN (or password) is given.
    case lock
    /// Kiosk: return to nobody active.
    case logoutToNobody = "logout-to-nobody"
}

/// Where the key of a session sealed with a PIN is checked (BEHAVIOURS 55).
public enum UnlockMode: String, Sendable, Equatable, CaseIterable {
    /// On the device: the PIN, a salt and the device key make the key. Someone who copies the
    /// device folder can guess the PIN offline.
    case device
    /// With the server: the key also needs a half the server gives only to a right proof of the
    /// PIN, counting wrong ones; nothing on the device lets a guess be checked offline.
    case server
}

/// The device's shared-terminal settings, kept in the device store so every process obeys them.
public struct DevicePolicy: Sendable, Equatable {
    public var switching: SwitchingPolicy
    /// Lock after this long without a key; `nil` never.
    public var lockAfter: TimeInterval?
    public var onIdle: IdleAction
    /// Kiosk: the switcher is the only thing on the terminal; leaving it, or changing this
    /// policy, takes the device's admin PIN (BEHAVIOURS 54).
    public var kiosk: Bool
    /// Where new PIN seals are checked; sessions already sealed keep theirs until resealed.
    public var unlock: UnlockMode

    public init(
        switching: SwitchingPolicy = .open, lockAfter: TimeInterval? = nil, onIdle: IdleAction = .lock, kiosk: Bool = false,
        unlock: UnlockMode = .device
    ) {
        self.switching = switching
        self.lockAfter = lockAfter
        self.onIdle = onIdle
        self.kiosk = kiosk
        self.unlock = unlock
    }

    /// Whether sessions are sealed with a secret of their user, not only the device key.
    public var needsSecret: Bool { switching != .open }

    /// Whether moving from this policy to `other` exposes anyone more: a weaker switching policy
    /// (`open` after `pin` or `password`). The idle lock's time and action are the terminal's
    /// settings, changed without anyone's PIN (BEHAVIOURS 46).
    public func isLoosened(by other: DevicePolicy) -> Bool {
        other.switching < switching
    }

    /// Whether changing this policy to `other` takes the admin PIN: any change of a kiosk's
    /// (BEHAVIOURS 54).
    public func needsAdminPIN(toBecome other: DevicePolicy) -> Bool {
        kiosk && other != self
    }
}
