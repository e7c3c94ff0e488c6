import Foundation

/// How long the store keeps document changes for database triggers that have not seen them, the
/// same for every store driver. Changes are kept for change streams a short while
/// (`changesKept`); past that, a change is kept while a trigger's resume point is before it, so
/// a server that starts catches its triggers up on what was written while none followed them.
/// A trigger whose server never comes back does not keep the table growing: at most
/// `keptChanges` changes and `keptDays` days are kept for triggers.
package enum TriggerResumeRule {
    /// The most changes kept for triggers, counted back from the newest.
    package static let keptChanges: Int64 = 100_000
    /// The longest a change is kept for triggers.
    package static let keptDays = 7
    /// How many changes a catch-up reads at a time.
    package static let page = 500
}
