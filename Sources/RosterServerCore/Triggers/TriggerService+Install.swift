import Foundation

/// Live install: what the service follows is brought in line with the triggers of the apps served
/// now, so an edit of an app's triggers takes effect without a restart.
extension TriggerService {
    /// Brings what is followed in line with the apps served now: the collections of their
    /// database triggers followed (a trigger added to a followed collection follows it anew,
    /// from the resume points), those no longer watched let go, and the resume points of
    /// triggers removed or disabled forgotten. Called once an app is added, changed or withdrawn.
    package func appsChanged() {
        var wanted: [DocumentChangeHub.Collection: Set<String>] = [:]
        var triggers: Set<TriggerKey> = []
        for app in apps.values {
            for trigger in app.config.triggers where !trigger.disabled {
                triggers.insert(TriggerKey(appId: app.id, trigger: trigger.name))
                if case .database(let database) = trigger.event {
                    wanted[.init(appId: app.id, database: database.database, collection: database.collection), default: []].insert(trigger.name)
                }
            }
        }
        let databaseTriggers = Set(wanted.flatMap { collection, names in names.map { TriggerKey(appId: collection.appId, trigger: $0) } })
        let (stale, fresh, forgotten, startLoops) = state.withLock { state -> ([Task<Void, Never>], [DocumentChangeHub.Collection], [TriggerKey], Bool) in
            guard state.started else { return ([], [], [], false) }
            var stale: [Task<Void, Never>] = []
            for (collection, following) in state.following where wanted[collection] != following.triggers {
                stale.append(following.task)
                state.following[collection] = nil
            }
            let forgotten = state.points.keys.filter { !databaseTriggers.contains($0) }
            for key in forgotten { state.points[key] = nil }
            for key in state.lastTicks.keys where !triggers.contains(key) { state.lastTicks[key] = nil }
            return (stale, wanted.keys.filter { state.following[$0] == nil }, forgotten, !triggers.isEmpty && state.loops.isEmpty)
        }
        for task in stale { task.cancel() }
        for collection in fresh {
            // Subscribed now, so that every change committed from here on is seen; what came
            // before is read from the store by the catch-up.
            let subscription = store.changes.subscribe(to: collection)
            let names = wanted[collection] ?? []
            let task = Task { [weak self] in await Self.follow(collection, names, subscription, service: self) }
            let kept = state.withLock { state in
                guard state.following[collection] == nil else { return false }
                state.following[collection] = Following(triggers: names, task: task)
                return true
            }
            if !kept { task.cancel() }
        }
        if !forgotten.isEmpty {
            let store = self.store
            let byApp = Dictionary(grouping: forgotten, by: \.appId)
            Task {
                for (appId, keys) in byApp { try? await store.removeTriggerResumePoints(appId: appId, triggers: keys.map(\.trigger)) }
            }
        }
        if startLoops { startLoopsOnce() }
    }
}
