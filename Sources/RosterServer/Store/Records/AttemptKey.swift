import Foundation

/// What failed attempts are counted under: an account or a client address, within a scope
/// (`login`), so limits on one do not spill onto another.
struct AttemptKey: Sendable, Hashable {
    enum Kind: String, Sendable {
        case account, address
    }

    var scope: String
    var kind: Kind
    var value: String

    /// The scope and kind as the store keeps them.
    var storedScope: String { "\(scope)/\(kind.rawValue)" }
}

/// One key's failures, as the store has counted them with the newest one.
struct AttemptCounts: Sendable, Equatable {
    var key: AttemptKey
    /// Failures since the last success.
    var inARow: Int
    /// Failures since `hourStartedAt`.
    var inHour: Int
    var hourStartedAt: Date
    var now: Date
}
