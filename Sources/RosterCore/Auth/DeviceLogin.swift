import Foundation
import RosterWire

/// A log-in (or a link) approved on another device, a phone, in progress: what to show the person
/// at the terminal (the URL to open, the user code to type there), when it ends and how often to
/// ask the server. The device code that proves to the server this terminal started it stays in
/// memory: it is never written to disk, and `description` leaves it out.
///
///     var login = try await app.startDeviceLogin(terminal: "lab-3")
///     print(login.verificationURIComplete, login.userCode)
///     let state = try await app.pollDeviceLogin(login)   // every `login.interval` seconds
public struct DeviceLogin: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What the person types on the other device, shown as `WDJB-MJHT`.
    public let userCode: String
    /// The page to open on the other device.
    public let verificationURI: String
    /// The same page with the user code filled in: the QR code's text.
    public let verificationURIComplete: String
    public let expiresAt: Date
    /// Seconds between polls; a `slowDown` answer makes it longer.
    public var interval: TimeInterval
    /// The logged-in user the approved identity is linked to; nil for a log-in.
    public let linkingUserId: String?
    let deviceCode: String

    public init(
        userCode: String, verificationURI: String, verificationURIComplete: String, expiresAt: Date, interval: TimeInterval,
        linkingUserId: String? = nil, deviceCode: String
    ) {
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresAt = expiresAt
        self.interval = interval
        self.linkingUserId = linkingUserId
        self.deviceCode = deviceCode
    }

    /// Whole seconds left before the code expires, never below zero.
    public func secondsLeft(at now: Date) -> Int {
        max(0, Int(expiresAt.timeIntervalSince(now).rounded(.up)))
    }

    public var description: String {
        "DeviceLogin(\(userCode), \(verificationURI)\(linkingUserId.map { ", linking \($0)" } ?? ""))"
    }

    public var debugDescription: String { description }
}

/// What a poll of a device log-in found.
public enum DeviceLoginState: Sendable, CustomStringConvertible {
    /// Not approved yet: ask again after the interval.
    case pending
    /// Asked too soon: ask again after this longer interval.
    case slowDown(interval: TimeInterval)
    /// Approved: the user logged in and made current (or, for a link, the user linked).
    case approved(User)
    /// Approved under a policy that seals sessions with a PIN, asked without one: nothing is
    /// stored yet. `App.finishDeviceLogin(_:pin:)` keeps it with the PIN (a returning user's own,
    /// or the one a new user chooses); `App.cancelDeviceLogin(_:)` ends it.
    case pinNeeded(DeviceApproval)
    /// The person said no on the other device.
    case denied
    /// The code ran out before anyone approved it.
    case expired

    /// Whether the log-in is over, one way or another.
    public var isFinal: Bool {
        switch self {
        case .pending, .slowDown: false
        case .approved, .pinNeeded, .denied, .expired: true
        }
    }

    public var description: String {
        switch self {
        case .pending: "pending"
        case .slowDown(let interval): "slowDown(\(Int(interval)) s)"
        case .approved(let user): "approved(\(user.id))"
        case .pinNeeded(let approval): "pinNeeded(\(approval.userId))"
        case .denied: "denied"
        case .expired: "expired"
        }
    }
}
