/// The store revisions this process's own writes made, the latest `capacity` of them, so the
/// store watcher can tell a span of revisions wholly its own from one another process wrote in
/// (BEHAVIOURS 40). One change is several writes one after another (a removal: the user, the
/// history line, the session event): a look between two of them sees a revision that is not the
/// last one written here, and is this process's all the same.
///
///     var own = OwnRevisions()
///     own.insert(8); own.insert(9)
///     own.containsEvery(after: 7, through: 8) // true: 8 is ours, though 9 came since
struct OwnRevisions: Sendable {
    /// Revisions kept: more own writes than this between two looks are told as news.
    static let capacity = 1_024
    /// Ascending: one process's writes take their revisions one after another.
    private var revisions: [Int] = []

    mutating func insert(_ revision: Int) {
        revisions.append(revision)
        if revisions.count > Self.capacity { revisions.removeFirst(revisions.count - Self.capacity) }
    }

    /// A write that did not commit made no revision.
    mutating func remove(_ revision: Int) {
        revisions.removeAll { $0 == revision }
    }

    /// Whether every revision after `seen` up to `now` is one of these. A revision that went
    /// back (the store replaced) is not.
    func containsEvery(after seen: Int, through now: Int) -> Bool {
        let (span, overflow) = now.subtractingReportingOverflow(seen)
        guard !overflow, span > 0, span <= revisions.count else { return false }
        return revisions.count { $0 > seen && $0 <= now } == span
    }
}
