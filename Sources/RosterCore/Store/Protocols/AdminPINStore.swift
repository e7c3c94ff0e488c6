import Foundation

/// The device's admin PIN and its wrong tries (BEHAVIOURS 54), kept so that every process
/// counts the same tries.
protocol AdminPINStore: Sendable {
    /// The admin PIN's record, `nil` when none is set.
    func adminPIN() throws -> AdminPINRecord?

    /// Sets (or, with `nil`, clears) the admin PIN, only if the record is still `replacing`;
    /// `RosterError.invalidRequest` and nothing changed otherwise. Clears its wrong tries.
    func setAdminPIN(_ record: AdminPINRecord?, replacing: AdminPINRecord?) throws

    /// Begins one try of the admin PIN, as `SecretTryStore.beginSecretTry` does a user's:
    /// refused while earlier wrong ones make it wait, otherwise counted as wrong before any key
    /// is derived. `.gone` when no admin PIN is set.
    func beginAdminPINTry(at: Date, delay: @Sendable (Int) -> TimeInterval?) throws -> SecretTry

    /// Forgets wrong tries after a right one.
    func clearAdminPINTries() throws
}
