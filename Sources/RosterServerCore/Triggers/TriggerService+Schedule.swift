import Foundation
import Logging
import RosterDocuments
import RosterWire

/// Scheduled events in: a schedule's minute come, once across instances.
extension TriggerService {
    /// Keeps an event for each schedule whose next minute has come, once per minute across
    /// instances (the tick is the event's key). Minutes missed while no instance ran are not
    /// made up, as in App Services; a schedule first seen starts from now.
    package func tickSchedules() async {
        let current = now()
        for app in apps.values {
            var events: [(TriggerConfig, String, JSONValue)] = []
            for trigger in app.config.triggers where !trigger.disabled {
                guard case .scheduled(let text) = trigger.event, let schedule = try? CronSchedule(text) else { continue }
                let key = TriggerKey(appId: app.id, trigger: trigger.name)
                let due = state.withLock { state -> Date? in
                    guard let last = state.lastTicks[key] else {
                        state.lastTicks[key] = current
                        return nil
                    }
                    guard let next = schedule.next(after: last), next <= current else { return nil }
                    // The latest minute due: those between are missed, not run in a burst.
                    var latest = next
                    while let after = schedule.next(after: latest), after <= current { latest = after }
                    state.lastTicks[key] = latest
                    return latest
                }
                if let due { events.append((trigger, "tick:\(Int64(due.timeIntervalSince1970))", .emptyObject)) }
            }
            await keep(app: app, events)
        }
    }
}
