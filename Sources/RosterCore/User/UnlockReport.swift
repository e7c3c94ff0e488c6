import Foundation

/// What an unlock found besides the right PIN: under `--unlock server`, the wrong PINs the server
/// was sent since the user's last unlock (from this device or from a copy of its folder) and how
/// many more wrong ones end the session, since a right PIN does not give them back.
///
///     let report = try await joe.unlock(secret: pin)
///     if let notice = report.notice { status = notice }
public struct UnlockReport: Sendable, Equatable {
    public var user: String
    /// Wrong PINs the server counted since the last unlock; 0 when the device alone checks the PIN.
    public var wrongPINsSinceLastUnlock: Int
    /// Wrong PINs in all that would still be allowed before the session ends, when the server says.
    public var triesLeft: Int?

    public init(user: String, wrongPINsSinceLastUnlock: Int = 0, triesLeft: Int? = nil) {
        self.user = user
        self.wrongPINsSinceLastUnlock = wrongPINsSinceLastUnlock
        self.triesLeft = triesLeft
    }

    /// One line for the person unlocking, or `nil` when there is nothing to tell.
    public var notice: String? {
        guard wrongPINsSinceLastUnlock > 0 else { return nil }
        let count = wrongPINsSinceLastUnlock == 1 ? "1 wrong PIN was" : "\(wrongPINsSinceLastUnlock) wrong PINs were"
        let left = triesLeft.map { "; \($0) more in all end the session (a new PIN starts afresh)" } ?? ""
        return "\(count) tried since \(user)'s last unlock, here or on a copy of this device\(left)"
    }

    /// The history line's text: who, and how many.
    var historyLine: String { "\(user): \(wrongPINsSinceLastUnlock) since the last unlock" }
}
