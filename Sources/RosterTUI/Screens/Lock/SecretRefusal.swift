import RosterCore

/// Why the PIN box's secret was refused, as the session core said it: its words in full, the
/// wrong tries left before the user's session ends on this device, and the wait before the next
/// try. The box shows all three (issue 31: a PIN box that says everything).
public struct SecretRefusal: Sendable, Equatable {
    public var message: String
    public var triesLeft: Int?
    public var waitSeconds: Int?

    public init(message: String, triesLeft: Int? = nil, waitSeconds: Int? = nil) {
        self.message = message
        self.triesLeft = triesLeft
        self.waitSeconds = waitSeconds
    }

    /// The refusal of a wrong or too early PIN (a person's or the admin PIN); nil for any other
    /// failure.
    init?(_ error: any Error) {
        guard let error = error as? RosterError, error.refusesSecret else { return nil }
        self.init(message: error.description, triesLeft: error.wrongTriesLeft, waitSeconds: error.secondsBeforeNextTry)
    }
}
