import Foundation

/// Everything that can change the model: keys, and results of effects.
public enum Action: Sendable, Equatable {
    case key(Key)
    case usersLoaded([UserRow])
    case operationFinished(String)
    case operationFailed(String)
    /// Time passes: the clock for ages and expiry, and the spinner.
    case tick(Date)
}
