import RosterWire

/// What went wrong in the session core, in words a person can act on. Messages never hold a
/// token, password or key; users are named by email, name or id.
public enum RosterError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The server answered with a protocol error (`error_code`, `error`, HTTP status).
    case server(code: String, message: String, status: Int)
    /// The server could not be reached, or the connection dropped.
    case network(String)
    /// The server answered with something that is not what the protocol says.
    case malformedResponse(String)
    /// The user (named) has been removed from this device.
    case userRemoved(String)
    /// The user (named) is logged out, so it holds no session.
    case userLoggedOut(String)
    /// No user with this id is on the device.
    case userNotFound(String)
    /// The server ended the user's session (expired, revoked, disabled or deleted); the user
    /// has been logged out on this device (anonymous users removed).
    case sessionExpired(user: String, reason: String)
    /// The device store cannot be opened or read; the file is left as it is.
    case storeUnreadable(path: String, reason: String)
    /// A write to the device store failed.
    case storeFailed(String)
    /// The request cannot be made as asked.
    case invalidRequest(String)
    /// The user's session is sealed with their PIN (or password); it must be given first.
    case locked(user: String, secret: SecretKind)
    /// The PIN (or password) given is not the user's; `remaining` tries before the user is
    /// logged out on this device.
    case wrongSecret(user: String, secret: SecretKind, remaining: Int)
    /// Too many wrong PINs: the next try is allowed after this many seconds.
    case secretDelayed(user: String, secret: SecretKind, seconds: Int)
    /// Too many wrong PINs: the user has been logged out on this device.
    case tooManyWrongSecrets(user: String, secret: SecretKind)
    /// A sealed session that does not open with the right key (changed, moved from another user
    /// or copied from another device). It is kept as it is, for inspection.
    case sealUnreadable(user: String, reason: String)
    /// The device key file is missing or is not this device's.
    case deviceKeyUnusable(path: String, reason: String)
    /// What was asked takes the device's admin PIN (leaving a kiosk, changing its policy,
    /// acting for somebody else without their PIN); `isSet` false when none is set yet.
    case adminPINNeeded(String, isSet: Bool)
    /// The session is sealed with a key whose other half only the server holds (BEHAVIOURS 55),
    /// and the server cannot be reached: nothing was checked, and nothing else opens it.
    case unlockUnreachable(user: String, reason: String)
    /// The admin PIN given is wrong; the next try waits this many seconds (none for the first
    /// three wrong ones).
    case wrongAdminPIN(secondsBeforeNextTry: Int?)

    public var description: String {
        switch self {
        case .server(ErrorCode.invalidPassword.rawValue, _, _):
            // App Services words it "unauthorized", which tells a person nothing.
            return "wrong email or password"
        case .server(let code, let message, let status):
            let words = message.isEmpty ? "the server refused the request" : message
            return "\(words) (\(code), HTTP \(status))"
        case .network(let why):
            return "cannot reach the server: \(why); check the server URL and that it is running"
        case .malformedResponse(let why):
            return "the server's answer cannot be used: \(why)"
        case .userRemoved(let name):
            return "\(name): user has already been removed from this device; log in again to add it back"
        case .userLoggedOut(let name):
            return "\(name) is logged out; log in again"
        case .userNotFound(let id):
            return "no user '\(id)' on this device"
        case .sessionExpired(let name, let reason):
            let why = reason.isEmpty ? "" : " (\(reason))"
            return "\(name)'s session expired\(why); log in again"
        case .storeUnreadable(let path, let reason):
            return "the device store at \(path) cannot be read: \(reason); it was left untouched for inspection"
        case .storeFailed(let why):
            return "the device store could not be written: \(why)"
        case .invalidRequest(let why):
            return why
        case .locked(let name, let secret):
            return "\(name)'s session is sealed with their \(secret); give it to go on"
        case .wrongSecret(let name, let secret, let remaining):
            let after = remaining == 1 ? "1 more wrong try" : "\(remaining) more wrong tries"
            return "wrong \(secret) for \(name); \(after) and \(name) is logged out on this device"
        case .secretDelayed(let name, let secret, let seconds):
            return "too many wrong \(secret)s for \(name); try again in \(RosterError.duration(seconds))"
        case .tooManyWrongSecrets(let name, let secret):
            return "too many wrong \(secret)s: \(name) has been logged out on this device; log in again"
        case .sealUnreadable(let name, let reason):
            return "\(name)'s sealed session cannot be opened (\(reason)); it was kept as it is, for inspection"
        case .deviceKeyUnusable(let path, let reason):
            return "the device key \(path) cannot be used: \(reason); nothing was changed"
        case .adminPINNeeded(let what, let isSet):
            return isSet ? "\(what) takes the admin PIN" : "\(what) takes an admin PIN, and none is set: roster policy --admin-pin"
        case .unlockUnreachable(let name, let reason):
            return "the server holds half of the key to \(name)'s session and cannot be reached (\(reason)); nothing was checked, try again when it can"
        case .wrongAdminPIN(let seconds):
            return seconds.map { "wrong admin PIN; the next try in \(RosterError.duration($0))" } ?? "wrong admin PIN"
        }
    }

    /// `45 s`, `3 min`, `2 h`.
    static func duration(_ seconds: Int) -> String {
        if seconds < 90 { return "\(max(1, seconds)) s" }
        if seconds < 5400 { return "\((seconds + 59) / 60) min" }
        return "\((seconds + 3599) / 3600) h"
    }

    /// The protocol error code, when this is a server error with a known one.
    public var serverCode: ErrorCode? {
        if case .server(let code, _, _) = self { return ErrorCode(rawValue: code) }
        return nil
    }
}

/// What a user gives to open their sealed session.
public enum SecretKind: String, Sendable, Equatable, CustomStringConvertible {
    case pin = "PIN"
    case password

    public var description: String { rawValue }
}
