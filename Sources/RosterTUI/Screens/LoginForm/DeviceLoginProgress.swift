import RosterCore

/// What the effect runner found about a log-in on another device.
public enum DeviceLoginProgress: Sendable, Equatable {
    /// The server gave its codes: show them and start polling.
    case started(DeviceLogin)
    /// Not approved yet.
    case pending
    /// Asked too soon: poll less often, every this many seconds.
    case slowDown(interval: Double)
    /// Approved: the user is logged in (or linked); what happened, in words.
    case approved(userId: String, message: String)
    /// Approved under a policy that seals sessions with a PIN: the form asks for it now.
    case pinNeeded(DeviceApproval)
    case denied
    case expired
    /// The server could not be asked, or refused; in words.
    case failed(String)
}
