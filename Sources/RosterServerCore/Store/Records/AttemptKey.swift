import Foundation

/// What failed attempts are counted under: an account or a client address, within a scope
/// (`login`), so limits on one do not spill onto another.
package struct AttemptKey: Sendable, Hashable {
    package enum Kind: String, Sendable {
        case account, address
    }

    package var scope: String
    package var kind: Kind
    package var value: String

    /// The scope and kind as the store keeps them.
    package var storedScope: String { "\(scope)/\(kind.rawValue)" }

    package init(scope: String, kind: Kind, value: String) {
        self.scope = scope
        self.kind = kind
        self.value = value
    }
}

/// One key's failures, as the store has counted them with the newest one.
package struct AttemptCounts: Sendable, Equatable {
    package var key: AttemptKey
    /// Failures since the last success.
    package var inARow: Int
    /// Failures since `hourStartedAt`.
    package var inHour: Int
    package var hourStartedAt: Date
    package var now: Date

    package init(key: AttemptKey, inARow: Int, inHour: Int, hourStartedAt: Date, now: Date) {
        self.key = key
        self.inARow = inARow
        self.inHour = inHour
        self.hourStartedAt = hourStartedAt
        self.now = now
    }
}
