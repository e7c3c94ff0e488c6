import Foundation
import Logging

/// Waiting for the engine: when the JavaScript engine does not start (Node.js missing, or its
/// worker ending at start), nothing of a trigger's function ran, so its event is kept, as App
/// Services keeps a suspended trigger's changes behind its resume token, and run once the engine
/// starts: tried again after a pause as long as it has waited (at most a minute), for at most
/// `triggerLimits.engineWaitSeconds`, a schedule's run only until its next one is due (missed
/// runs are not made up). The outage is logged once when it begins and once when it ends.
extension TriggerService {
    /// When `record` stops waiting for the engine: `engineWaitSeconds` after it was made, and for
    /// a schedule's run no later than its schedule's next run.
    static func engineWaitEnds(_ record: TriggerEventRecord, trigger: TriggerConfig?, limits: TriggerLimitsConfig) -> Date {
        let longest = record.createdAt.addingTimeInterval(TimeInterval(limits.engineWaitSeconds))
        guard let trigger, case .scheduled(let text) = trigger.event, let schedule = try? CronSchedule(text),
            let next = schedule.next(after: record.createdAt)
        else { return longest }
        return min(longest, next)
    }

    /// Keeps `records` (claimed, not run) for when the engine starts; those whose wait is over
    /// are failed and logged.
    func waitForEngine(_ records: ArraySlice<TriggerEventRecord>, app: ServedApp, policy: TriggerEventRule.Policy) async {
        let at = now()
        for record in records {
            let trigger = app.config.triggers.first { $0.name == record.trigger }
            let ends = Self.engineWaitEnds(record, trigger: trigger, limits: app.config.triggerLimits)
            await settle(record, .notRun(waitingEnds: ends), policy: policy)
            if at >= ends {
                logger.error(
                    "a trigger's event waited for the JavaScript engine until its time was up (triggerLimits.engineWaitSeconds, or its schedule's next run); it is failed",
                    metadata: ["app": .string(app.id), "trigger": .string(record.trigger), "event": .string(record.key)])
            }
        }
    }

    /// The engine did not start for one of the app's triggers: logged once until it starts again.
    func engineDidNotStart(_ down: FunctionEngineUnavailable, app: ServedApp) {
        let first = state.withLock { $0.engineDown.insert(app.id).inserted }
        guard first else { return }
        logger.error(
            "trigger functions cannot run: \(down.why); their events wait and run once the engine starts (for at most triggerLimits.engineWaitSeconds, \(app.config.triggerLimits.engineWaitSeconds) s; a schedule's run until its next one is due)",
            metadata: ["app": .string(app.id)])
    }

    /// A trigger's function ran (or failed of its own): the engine is up.
    func engineStarted(app: ServedApp) {
        let wasDown = state.withLock { $0.engineDown.remove(app.id) != nil }
        guard wasDown else { return }
        logger.notice("the JavaScript engine started: trigger functions run again", metadata: ["app": .string(app.id)])
    }
}
