import Foundation
import Logging
import RosterDocuments
import RosterWire

/// Events kept: every event is stored once per trigger before any instance runs it.
extension TriggerService {
    /// Keeps `events` in the store (each once across instances) unless the app's backlog is
    /// full, and wakes the worker.
    func keep(app: ServedApp, _ events: [(TriggerConfig, String, JSONValue)]) async {
        guard !events.isEmpty else { return }
        let at = now()
        let records = events.compactMap { trigger, key, event -> TriggerEventRecord? in
            guard let canonical = try? ExtendedJSON.canonical(event) else { return nil }
            return TriggerEventRecord(
                appId: app.id, trigger: trigger.name, key: key, event: canonical.compactText, notBefore: at, createdAt: at)
        }
        do {
            let pending = try await store.pendingTriggerEvents(appId: app.id)
            guard pending < app.config.triggerLimits.backlog else {
                logger.error(
                    "trigger events dropped: \(pending) wait already (triggerLimits.backlog)",
                    metadata: ["app": .string(app.id), "triggers": .string(records.map(\.trigger).joined(separator: ", "))])
                return
            }
            try await store.enqueueTriggerEvents(records)
            wake.yield()
        } catch {
            logger.error(
                "trigger events could not be kept: \(error)",
                metadata: ["app": .string(app.id), "triggers": .string(records.map(\.trigger).joined(separator: ", "))])
        }
    }
}
