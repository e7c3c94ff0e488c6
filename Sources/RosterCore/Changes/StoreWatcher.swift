import Foundation

/// Notices writes to the device store by other processes sharing the directory, by polling
/// the store's revision counter on the app's clock (BEHAVIOURS 40).
struct StoreWatcher: Sendable {
    let sessions: DeviceSessions
    let interval: TimeInterval
    /// The revision when watching began: read at once, so nothing written after is missed.
    let start: Int

    init(sessions: DeviceSessions, interval: TimeInterval) {
        self.sessions = sessions
        self.interval = max(0.01, interval)
        start = (try? sessions.store.revision()) ?? 0
    }

    /// Runs until cancelled, handing over a `.storeChanged` after each write by someone else.
    func run(_ onChange: @Sendable (AppChange) -> Void) async {
        var seen = start
        while !Task.isCancelled {
            do {
                try await sessions.clock.sleep(for: interval)
            } catch {
                return
            }
            await Task.yield()
            guard let now = try? sessions.store.revision(), now != seen else { continue }
            seen = now
            guard now != sessions.store.lastOwnRevision else { continue }
            let current = (try? sessions.store.currentUserId()) ?? nil
            onChange(AppChange(event: .storeChanged, userId: "", currentUserId: current))
        }
    }
}
