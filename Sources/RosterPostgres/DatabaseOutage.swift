import RosterServerCore
import Synchronization

/// What the PostgreSQL store knows of its database: reachable as far as it knows, or gone since
/// a connection failed or a probe was refused. While it is known gone, a request waits for a
/// connection only `PostgresServerStore.outageLeaseTimeout` before its 503, not the whole lease
/// time; the first connection handed out again ends it.
package final class DatabaseOutage: Sendable {
    private let known = Atomic<Bool>(false)
    private let probing = Atomic<Bool>(false)

    package var isKnown: Bool { known.load(ordering: .relaxed) }

    /// The database was found gone.
    package func begin() { known.store(true, ordering: .relaxed) }

    /// A connection was handed out: the database is back.
    package func end() { if isKnown { known.store(false, ordering: .relaxed) } }

    /// Runs `probe` (whether the database answers a direct connection) unless one runs already,
    /// so that a busy pool's many waits that run out at once open one connection, not many.
    package func probe(_ probe: () async -> Bool) async {
        guard !isKnown, probing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        defer { probing.store(false, ordering: .releasing) }
        if await !probe() { begin() }
    }
}
