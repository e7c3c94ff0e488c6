import Foundation
import Logging

/// Writes the device's history: who logged in, switched, unlocked or was logged out, and when.
/// A line that cannot be written is logged, never thrown: history never stops what it records.
///
///     history.record(.switched, userId: user.id, name: user.displayName)
struct DeviceHistory: Sendable {
    let store: any DeviceHistoryStore
    let clock: any RosterClock
    let logger: Logger

    func record(_ event: HistoryEntry.Event, userId: String? = nil, name: String? = nil) {
        do {
            try store.appendHistory(HistoryEntry(at: clock.now(), event: event, userId: userId, userName: name))
        } catch {
            logger.warning("cannot write the device history", metadata: ["event": "\(event.rawValue)"])
        }
    }
}
