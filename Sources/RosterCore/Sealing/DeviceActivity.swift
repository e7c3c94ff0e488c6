import Foundation

/// The device's one idle clock, shared by every switcher on it (BEHAVIOURS 52): when anyone
/// last pressed a key in a switcher or switched, logged in or unlocked anywhere, and the last
/// idle lock, which every other switcher follows.
public struct DeviceActivity: Sendable, Equatable {
    /// The last activity on the device, in any process.
    public var lastActivityAt: Date?
    /// When the idle lock last locked the active user, and who that was.
    public var lockedAt: Date?
    public var lockedUserId: String?

    public init(lastActivityAt: Date? = nil, lockedAt: Date? = nil, lockedUserId: String? = nil) {
        self.lastActivityAt = lastActivityAt
        self.lockedAt = lockedAt
        self.lockedUserId = lockedUserId
    }
}

/// What came of an idle lock asked for by one switcher (BEHAVIOURS 52).
public enum IdleLockOutcome: Sendable, Equatable {
    /// Locked here (or nobody left active), and recorded for the other switchers.
    case locked
    /// Another switcher had already locked for the same idle time: follow it, record nothing.
    case lockedElsewhere
    /// Someone was active on the device meanwhile: nothing locked.
    case someoneActive
}

/// When the idle lock is due, one rule for the switcher's model and for the session core that
/// checks again before it locks: the policy's time has passed since the later of this window's
/// last key and the device's last activity.
///
///     IdleRule.isDue(lockAfter: 300, lastInput: typedHere, deviceActivity: activity.lastActivityAt, now: now)
public enum IdleRule {
    public static func isDue(lockAfter: TimeInterval?, lastInput: Date?, deviceActivity: Date?, now: Date) -> Bool {
        guard let lockAfter else { return false }
        return now.timeIntervalSince(idleSince(lastInput: lastInput, deviceActivity: deviceActivity)) >= lockAfter
    }

    /// Since when the device has been idle: the later of this window's last key and the
    /// device's last activity.
    public static func idleSince(lastInput: Date?, deviceActivity: Date?) -> Date {
        [lastInput, deviceActivity].compactMap { $0 }.max() ?? .distantPast
    }

    /// Whether a lock made elsewhere at `lockedAt` applies to a window whose last key was at
    /// `lastInput`: it came after that key, so nobody has been active here since.
    public static func followsLock(lockedAt: Date?, lastInput: Date) -> Bool {
        guard let lockedAt else { return false }
        return lockedAt > lastInput
    }
}
