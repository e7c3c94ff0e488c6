import Synchronization

/// Whether the store can write, as its last write probe found (`OperationsStore.probeWrite`):
/// `/ready` asks, and is answered from the last probe while it is under `probeEvery` old, so a
/// poller cannot turn readiness into a stream of writes. A write that failed for want of room
/// makes the store known unable to write at once, and the next question probes again: the
/// store is ready again only once a probe writes.
package final class StoreWriteHealth: Sendable {
    /// How often at most a question probes the store.
    package static let probeEvery = Duration.seconds(1)

    private struct State {
        var canWrite = true
        var probedAt: ContinuousClock.Instant?
        var probing = false
    }

    private let state = Mutex(State())

    package init() {}

    /// A write failed because the store cannot write.
    package func writeFailed() {
        state.withLock { state in
            state.canWrite = false
            state.probedAt = nil
        }
    }

    /// Whether the store can write: the last probe's answer while it is fresh or another probe
    /// runs, else `probe`'s (true when the probe row was written).
    package func canWrite(probe: () async -> Bool) async -> Bool {
        let now = ContinuousClock.now
        let due = state.withLock { state -> Bool in
            if state.probing { return false }
            if let probedAt = state.probedAt, now - probedAt < Self.probeEvery { return false }
            state.probing = true
            return true
        }
        guard due else { return state.withLock { $0.canWrite } }
        let wrote = await probe()
        state.withLock { state in
            state.canWrite = wrote
            state.probedAt = ContinuousClock.now
            state.probing = false
        }
        return wrote
    }
}
