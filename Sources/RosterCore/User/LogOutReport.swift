/// What a log-out did. The local log-out always happens; telling the server (revoking the
/// session) is best-effort and its failure is reported here, never undone (BEHAVIOURS 19).
public struct LogOutReport: Sendable, Equatable {
    /// Why the server could not be told, or `nil` when it was (or there was nothing to revoke).
    public let revocationError: RosterError?

    public init(revocationError: RosterError? = nil) {
        self.revocationError = revocationError
    }
}
