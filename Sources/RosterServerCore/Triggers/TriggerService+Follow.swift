import Foundation
import Logging
import RosterDocuments
import RosterWire

/// Database events in: a followed collection's changes, offered to its database triggers.
extension TriggerService {
    /// Follows one collection's changes for `triggers` until it is cancelled, the hub ends
    /// them or the service is let go: first what the store kept since the triggers' resume
    /// points (a trigger without one: since `subscription` began), then what is committed from
    /// now on; one that falls behind catches up again from the store. The service is held only
    /// while it works, so a server let go ends its following.
    static func follow(
        _ collection: DocumentChangeHub.Collection, _ triggers: Set<String>, _ subscription: DocumentChangeSubscription,
        service: TriggerService?
    ) async {
        weak var weakService = service
        var subscription = subscription
        while !Task.isCancelled {
            if let service = weakService { await service.catchUp(collection, triggers, start: subscription.after) }
            let current = subscription
            await withTaskCancellationHandler {
                for await published in current.changes {
                    guard let service = weakService else { return }
                    await service.offer(published)
                }
            } onCancel: {
                current.cancel()
            }
            guard !Task.isCancelled, subscription.fellBehind, let service = weakService else {
                subscription.cancel()
                return
            }
            service.logger.warning(
                "database triggers fell behind the changes of \(collection.database).\(collection.collection); catching up from the store",
                metadata: ["app": .string(collection.appId)])
            subscription = service.store.changes.subscribe(to: collection)
        }
        subscription.cancel()
    }

    /// Keeps an event for each of the app's database triggers the change sets off, and moves
    /// the triggers of its collection past it.
    package func offer(_ published: PublishedChange) async {
        let change = published.change
        guard let app = apps[change.appId] else { return }
        let floors = state.withLock { $0.points }
        var events: [(TriggerConfig, String, JSONValue)] = []
        var passed: [TriggerKey] = []
        for trigger in app.config.triggers where !trigger.disabled {
            guard case .database(let database) = trigger.event, database.database == change.database,
                database.collection == change.collection
            else { continue }
            // A trigger not caught up yet is offered the change by its catch-up; one whose
            // resume point is past it has seen it.
            let key = TriggerKey(appId: app.id, trigger: trigger.name)
            guard let point = floors[key], change.sequence > point.floor else { continue }
            passed.append(key)
            let match = database.match.flatMap { try? DocumentQuery.parse($0) }
            if let event = DatabaseTriggerEvent.make(published, for: database, match: match) {
                events.append((trigger, "change:\(change.sequence)", event))
            }
        }
        await keep(app: app, events)
        state.withLock { state in
            for key in passed {
                if let seen = state.points[key]?.seen { state.points[key]?.seen = max(seen, change.sequence) }
            }
        }
    }
}
