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
        }
    }

    /// The protocol error code, when this is a server error with a known one.
    public var serverCode: ErrorCode? {
        if case .server(let code, _, _) = self { return ErrorCode(rawValue: code) }
        return nil
    }
}
