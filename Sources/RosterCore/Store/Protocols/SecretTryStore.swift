import Foundation

/// Wrong PINs (or passwords), counted per user so that guesses wait their turn and the limit
/// holds across processes.
protocol SecretTryStore: Sendable {
    /// Begins one try of a PIN, in one transaction: refused while the last wrong ones make it
    /// wait, otherwise counted as wrong before any key is derived (and when the next may be
    /// tried set to `delay` of the new count), so tries made at once are each counted and wait
    /// their turn. A right PIN clears the count afterwards.
    func beginSecretTry(id: String, entry: String, at: Date, delay: @Sendable (Int) -> TimeInterval?) throws -> SecretTry

    /// Forgets wrong PINs after a right one.
    func clearWrongSecrets(id: String, entry: String) throws
}
