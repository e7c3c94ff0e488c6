import RosterCore
import RosterWire

/// Work `update` asks for; a runner performs it with RosterCore and answers with actions.
public enum Effect: Sendable, Equatable {
    case login(LoginRequest)
    /// Add the credentials' identity to a logged-in user.
    case link(id: String, LoginRequest)
    case switchUser(id: String)
    /// Ask the server for a log-in approved on another device (or, `linking` a user id, a link).
    case startDeviceLogin(linking: String?, pin: Secret?)
    /// Wait the log-in's interval, then ask the server once how it stands.
    case pollDeviceLogin(DeviceLogin, pin: Secret?)
    /// Check the user's PIN (or password), then switch to them.
    case unlockAndSwitch(id: String, Secret)
    /// Check the active user's PIN after the idle lock.
    case unlock(id: String, Secret)
    /// The idle lock: drop the active user's key (`lock`), or leave nobody active (kiosk).
    case idleLock(IdleAction)
    /// Read the device's history.
    case loadHistory
    case logOut(id: String)
    case remove(id: String)
    /// Delete the account on the server (and so from the device).
    case delete(id: String)
    case refreshCustomData(id: String)
    /// Write an update (`$set`, `$unset`) to the user's own custom data document, making it
    /// when there is none.
    case saveCustomData(owner: String, update: JSONValue)
    /// Password reset and email confirmation requests.
    case account(AccountRequest)
    /// Read a user's API keys from the server.
    case loadAPIKeys(owner: String)
    case createAPIKey(owner: String, name: String)
    case setAPIKeyEnabled(owner: String, keyId: String, enabled: Bool)
    case deleteAPIKey(owner: String, keyId: String)
    /// Read the users again.
    case reload
    /// Ask the server which log-in providers it enables.
    case loadProviders
    case quit

    /// Whether the effect waits on the network (or the store) and turns the spinner.
    public var isOperation: Bool {
        switch self {
        // A log-in on another device shows its own countdown while it waits, for minutes.
        case .reload, .loadProviders, .quit, .loadHistory, .idleLock, .startDeviceLogin, .pollDeviceLogin: false
        default: true
        }
    }
}
