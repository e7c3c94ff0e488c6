import Foundation
import Logging
import RosterDocuments
import RosterWire

/// Resume and catch-up: each database trigger's resume point, read at the start of its following
/// (the changes written since are offered first) and stored as its changes are kept.
extension TriggerService {
    /// Where a database trigger stands: it is offered only the changes after `floor` (its
    /// resume point when its collection was last caught up); `seen` is the newest change
    /// offered to it, `stored` the newest the store holds as its resume point.
    struct ResumePoint: Sendable {
        var floor: UInt64
        var seen: UInt64
        var stored: UInt64
    }

    /// Reads the resume points of a collection's `triggers` and offers the changes the store
    /// kept after the oldest of them, in order: at most the app's `triggerLimits.backlog`, past
    /// which the rest is logged and passed over. A trigger without one starts where its
    /// following's subscription began (`start`, `DocumentChangeSubscription.after`), so a change
    /// committed while the catch-up waited its turn is still its; without `start`, at the newest
    /// change, as a trigger made now does.
    func catchUp(_ collection: DocumentChangeHub.Collection, _ triggers: Set<String>, start: UInt64? = nil) async {
        guard let app = apps[collection.appId], !triggers.isEmpty else { return }
        var logger = self.logger
        logger[metadataKey: "app"] = .string(app.id)
        do {
            var stored = try await store.triggerResumePoints(appId: app.id)
            let missing = triggers.filter { stored[$0] == nil }
            if !missing.isEmpty {
                var first = start ?? 0
                if start == nil { first = try await store.newestDocumentChange() }
                try await store.advanceTriggerResumePoints(
                    appId: app.id, Dictionary(uniqueKeysWithValues: missing.map { ($0, first) }), now: now())
                // Another instance may have stored one first: the store's is the one.
                stored = try await store.triggerResumePoints(appId: app.id)
            }
            let points = triggers.compactMap { name in stored[name].map { (TriggerKey(appId: app.id, trigger: name), $0) } }
            state.withLock { state in
                for (key, point) in points {
                    let seen = max(state.points[key]?.seen ?? 0, point)
                    state.points[key] = ResumePoint(floor: point, seen: seen, stored: point)
                }
            }
            guard var after = points.map(\.1).min() else { return }
            var budget = app.config.triggerLimits.backlog
            while budget > 0 {
                let page = try await store.documentChanges(in: collection, after: after, limit: min(TriggerResumeRule.page, budget))
                for change in page { await offer(PublishedChange(change)) }
                guard let last = page.last, page.count == min(TriggerResumeRule.page, budget) else { return }
                after = last.sequence
                budget -= page.count
            }
            let newest = try await store.newestDocumentChange()
            guard try await !store.documentChanges(in: collection, after: after, limit: 1).isEmpty else { return }
            logger.error(
                "database triggers on \(collection.database).\(collection.collection) passed over changes written while no server followed them: more than triggerLimits.backlog (\(app.config.triggerLimits.backlog))",
                metadata: ["triggers": .string(triggers.sorted().joined(separator: ", "))])
            state.withLock { state in
                for (key, _) in points {
                    state.points[key]?.floor = newest
                    if let seen = state.points[key]?.seen { state.points[key]?.seen = max(seen, newest) }
                }
            }
        } catch {
            // Let go (the trigger changed, the server stops): the next following catches up.
            if Task.isCancelled { return }
            logger.error(
                "database triggers on \(collection.database).\(collection.collection) could not catch up on the changes kept: \(error)",
                metadata: ["triggers": .string(triggers.sorted().joined(separator: ", "))])
        }
    }

    /// Stores the resume points that moved since they were last stored. A point is stored after
    /// the events of the changes before it were kept, so a server stopping between the two
    /// offers those changes again at its next start, and their events are kept once (by key).
    /// Over PostgreSQL, a change whose transaction commits after one numbered later, within
    /// the second before a stop, can be passed over at the next start.
    func storeResumePoints() async {
        let moved = state.withLock { state in state.points.filter { $0.value.seen > $0.value.stored }.mapValues(\.seen) }
        guard !moved.isEmpty else { return }
        for (appId, points) in Dictionary(grouping: moved, by: \.key.appId) {
            do {
                try await store.advanceTriggerResumePoints(
                    appId: appId, Dictionary(points.map { ($0.key.trigger, $0.value) }, uniquingKeysWith: max), now: now())
                state.withLock { state in
                    for (key, sequence) in points {
                        if let stored = state.points[key]?.stored { state.points[key]?.stored = max(stored, sequence) }
                    }
                }
            } catch {
                logger.warning("database triggers' resume points could not be stored: \(error)", metadata: ["app": .string(appId)])
            }
        }
    }
}
