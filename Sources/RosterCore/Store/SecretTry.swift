import Foundation

/// What the store says to one try of a PIN (or password) on the device (BEHAVIOURS 45).
enum SecretTry: Equatable, Sendable {
    /// Counted as wrong until the secret is found right: the count with this try.
    case counted(Int)
    /// Refused unseen: the wrong ones before make it wait until then.
    case waiting(until: Date)
    /// The user's row is gone, or holds another entry.
    case gone
}
