import Foundation

/// Notices writes to the device store by other processes sharing the directory, by polling
/// the store's revision counter on the app's clock (BEHAVIOURS 40).
struct StoreWatcher: Sendable {
    let store: any DeviceStore
    let clock: any RosterClock
    let interval: TimeInterval
    /// The revision when watching began: read at once, so nothing written after is missed.
    let start: Int

    init(store: any DeviceStore, clock: any RosterClock, interval: TimeInterval) {
        self.store = store
        self.clock = clock
        self.interval = max(0.01, interval)
        start = (try? store.revision()) ?? 0
    }

    /// Runs until cancelled, handing over a `.storeChanged` after each write by someone else.
    func run(_ onChange: @Sendable (AppChange) -> Void) async {
        var seen = start
        while !Task.isCancelled {
            do {
                try await clock.sleep(for: interval)
            } catch {
                return
            }
            await Task.yield()
            guard let now = try? store.revision(), now != seen else { continue }
            // Every revision since the last look, not only the last one written here: a look
            // between two writes of one change of ours sees one that is ours too.
            let before = seen
            seen = now
            guard !store.wroteEveryRevision(after: before, through: now) else { continue }
            let current = (try? store.currentUserId()) ?? nil
            onChange(AppChange(event: .storeChanged, userId: "", currentUserId: current))
        }
    }
}
