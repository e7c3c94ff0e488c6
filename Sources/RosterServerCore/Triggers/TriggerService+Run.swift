import Foundation
import Logging
import RosterDocuments
import RosterWire

/// Runs: the events due are claimed, their functions run and their outcome settled.
extension TriggerService {
    /// The claim policy of `app`'s events: its attempts, and a lease past its longest deadline.
    static func policy(_ app: ServedApp) -> TriggerEventRule.Policy {
        let longest = app.config.functions.values.map(\.timeoutSeconds).max() ?? FunctionConfig.defaultTimeout
        return TriggerEventRule.Policy(maxAttempts: app.config.triggerLimits.attempts, lease: longest + 30)
    }

    /// Claims the app's events that are due and runs them, in order; how many it claimed.
    @discardableResult
    package func runDue(appId: String) async -> Int {
        await runBatch(appId: appId).claimed
    }

    /// Claims at most `claimBatch` of the app's events that are due and runs them, in order. Once
    /// the engine does not start for one, it and the rest of the batch wait for it unrun, and
    /// `engineDown` tells the worker to claim no more now.
    func runBatch(appId: String) async -> (claimed: Int, engineDown: Bool) {
        guard let app = apps[appId], !app.config.triggers.isEmpty else { return (0, false) }
        let policy = Self.policy(app)
        let claimed: [TriggerEventRecord]
        do {
            claimed = try await store.claimTriggerEvents(appId: appId, now: now(), limit: Self.claimBatch, policy: policy)
        } catch {
            logger.warning("trigger events could not be claimed: \(error)", metadata: ["app": .string(appId)])
            return (0, false)
        }
        for (index, record) in claimed.enumerated() {
            let outcome = await run(record, app: app)
            if case .notRun = outcome {
                await waitForEngine(claimed[index...], app: app, policy: policy)
                return (claimed.count, true)
            }
            await settle(record, outcome, policy: policy)
        }
        return (claimed.count, false)
    }

    /// Settles the run of `record`; one that cannot be settled runs again once its claim runs out.
    func settle(_ record: TriggerEventRecord, _ outcome: TriggerEventRule.Outcome, policy: TriggerEventRule.Policy) async {
        do {
            try await store.settleTriggerEvent(record, outcome, now: now(), policy: policy)
        } catch {
            logger.warning(
                "a trigger's event could not be settled; it runs again once its claim runs out: \(error)",
                metadata: ["app": .string(record.appId), "trigger": .string(record.trigger)])
        }
    }

    private func run(_ record: TriggerEventRecord, app: ServedApp) async -> TriggerEventRule.Outcome {
        var logger = self.logger
        logger[metadataKey: "app"] = .string(app.id)
        logger[metadataKey: "trigger"] = .string(record.trigger)
        guard let trigger = app.config.triggers.first(where: { $0.name == record.trigger }), !trigger.disabled else {
            logger.warning("an event of a trigger the app no longer runs is dropped")
            return .threw
        }
        guard let event = try? JSONValue(parsing: record.event) else { return .threw }
        if Task.isCancelled { return .interrupted }
        do {
            _ = try await functions.runAsSystem(
                trigger.functionName, app: app, arguments: [event], request: FunctionRequest(logger: logger), origin: .trigger(trigger))
            engineStarted(app: app)
            return .ran
        } catch let down as FunctionEngineUnavailable {
            if Task.isCancelled { return .interrupted }
            engineDidNotStart(down, app: app)
            return .notRun(waitingEnds: Self.engineWaitEnds(record, trigger: trigger, limits: app.config.triggerLimits))
        } catch {
            if Task.isCancelled { return .interrupted }
            engineStarted(app: app)
            // Failed for good (a run past its deadline too): its words, as a client reads them.
            logger.error(
                "trigger function '\(trigger.functionName)' failed: \(ErrorResponse.words(of: error))",
                metadata: ["function": .string(trigger.functionName)])
            return .threw
        }
    }
}
