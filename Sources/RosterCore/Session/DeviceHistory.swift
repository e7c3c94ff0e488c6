import Foundation
import Logging

/// Writes the device's history: who logged in, switched, unlocked or was logged out, and when,
/// and for the lines about a user's session the session event every process reads
/// (`App.events`). A line that cannot be written is logged, never thrown: history never stops
/// what it records.
///
///     history.record(.switched, userId: user.id, name: user.displayName)
struct DeviceHistory: Sendable {
    let store: any DeviceHistoryStore & SessionEventStore
    let clock: any RosterClock
    let logger: Logger
    var eventLimits = SessionEventLimits()

    /// `reason`: why, for a session the server ended (kept in the session event).
    func record(_ event: HistoryEntry.Event, userId: String? = nil, name: String? = nil, reason: String? = nil) {
        let at = clock.now()
        do {
            try store.appendHistory(HistoryEntry(at: at, event: event, userId: userId, userName: name))
        } catch {
            logger.warning("cannot write the device history", metadata: ["event": "\(event.rawValue)"])
        }
        announce(event, userId: userId, name: name, at: at, reason: reason)
    }

    /// Writes the session event alone, for a change history tells in another line (the user
    /// who follows one logged out as the active user).
    func announce(_ event: HistoryEntry.Event, userId: String?, name: String?, at: Date? = nil, reason: String? = nil) {
        guard let sessionEvent = SessionEvent(history: event, userId: userId, name: name, at: at ?? clock.now(), reason: reason) else { return }
        do {
            try store.appendEvent(sessionEvent, limits: eventLimits)
        } catch {
            logger.warning("cannot write the device's session events", metadata: ["event": "\(sessionEvent.kind.rawValue)"])
        }
    }
}
