import Foundation
import RosterCore

/// What the PIN box, the idle lock and the kiosk ask of the session core.
public enum LockEffect: Sendable, Equatable {
    /// Check the user's PIN (or password), then switch to them.
    case unlockAndSwitch(id: String, Secret)
    /// Check the active user's PIN after the idle lock.
    case unlock(id: String, Secret)
    /// Check a person's PIN, then log them out, or remove them (BEHAVIOURS 53).
    case unlockAndLogOut(id: String, Secret)
    case unlockAndRemove(id: String, Secret)
    /// Check the admin PIN, then log a person out, or remove them, without their PIN
    /// (BEHAVIOURS 54).
    case adminLogOut(id: String, Secret)
    case adminRemove(id: String, Secret)
    /// Check the admin PIN, then leave the kiosk.
    case leaveKiosk(Secret)
    /// The idle lock: drop the active user's key (`lock`), or leave nobody active (kiosk), if
    /// nothing happened on the device since `idleSince` (BEHAVIOURS 52).
    case idleLock(IdleAction, idleSince: Date)
    /// Follow the idle lock another switcher made: drop the active user's key here too.
    case followLock
}
