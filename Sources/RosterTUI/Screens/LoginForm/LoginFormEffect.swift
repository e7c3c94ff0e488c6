import RosterCore

/// What the log-in form asks of the session core.
public enum LoginFormEffect: Sendable, Equatable {
    case login(LoginRequest)
    /// Add the credentials' identity to a logged-in user.
    case link(id: String, LoginRequest)
    /// Ask the server for a log-in approved on another device (or, `linking` a user id, a link).
    case startDeviceLogin(linking: String?)
    /// Wait the log-in's interval, then ask the server once how it stands.
    case pollDeviceLogin(DeviceLogin)
    /// Keep a log-in approved on another device with the PIN typed once it was approved.
    case finishDeviceLogin(DeviceApproval, pin: Secret)
    /// End a log-in approved on another device that nobody will give the PIN for.
    case cancelDeviceLogin(DeviceApproval)
    /// Ask the server which log-in providers it enables.
    case loadProviders
}
