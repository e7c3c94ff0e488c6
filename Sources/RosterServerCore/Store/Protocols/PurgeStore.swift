/// Removing what has outlived its use.
package protocol PurgeStore: Sendable {
    /// Removes dead records of an app as `rule` says (its cutoffs), at most `rule.limit` of each
    /// kind, in one transaction.
    func purge(_ rule: PurgeRule) async throws -> PurgeReport
}
