import Foundation

/// The device's idle clock (BEHAVIOURS 52), kept beside the users so every process shares it.
/// Recording activity does not count as a change of the device's users: other processes do
/// not read their users again for a key pressed elsewhere.
protocol DeviceActivityStore: Sendable {
    func activity() throws -> DeviceActivity

    /// Moves the last activity to `at` (never back).
    func recordActivity(at: Date) throws

    /// Records that the idle lock locked `userId` at `at`, if nothing happened on the device
    /// since `idleSince` and no other switcher locked them for this idle time already.
    func markIdleLocked(userId: String?, at: Date, idleSince: Date) throws -> IdleLockOutcome

    /// Leaves nobody active if nothing happened on the device since `idleSince` (and somebody
    /// still is).
    func clearCurrentUserIfIdle(since idleSince: Date) throws -> IdleLockOutcome
}
