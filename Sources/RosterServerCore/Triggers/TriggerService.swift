import Foundation
import Logging
import RosterDocuments
import RosterWire
import Synchronization

/// Runs the apps' triggers: each event (a user made, logged in or deleted; a document changed;
/// a schedule's minute come) is first kept in the store once per trigger, whichever server
/// instance saw it (`TriggerEventStore`), then claimed by one instance and its function run as
/// the system user with App Services' event (`AuthenticationEvent`, `DatabaseTriggerEvent`,
/// `{}` for a schedule). So a change runs its trigger once across instances over one database,
/// and an event whose run a stopped server never finished is claimed again once its claim runs
/// out (`TriggerEventRule`).
///
/// The apps are read as they are served now (`ServedApps`): after an app is added, changed or
/// withdrawn, `appsChanged()` follows the collections its database triggers watch from then on.
/// Each database trigger keeps a resume point in the store (`TriggerResumeStore`): when its
/// collection is first followed, the changes written since its point (while no instance ran,
/// or while this one fell behind) are offered first, at most `triggerLimits.backlog` of them.
///
///     let triggers = TriggerService(store: store, apps: apps, functions: functions, ids: ids, now: now, logger: logger)
///     triggers.start()
package final class TriggerService: Sendable {
    let store: any ServerStore
    let apps: ServedApps
    let functions: FunctionCallService
    let ids: IdentifierSource
    let now: @Sendable () -> Date
    let logger: Logger
    /// How often the work of other instances (retries, claims that ran out) and the schedules
    /// are looked at when nothing wakes the worker, and the resume points stored.
    let pollInterval: Duration
    /// Whether this process follows and runs the triggers, or only keeps their events for the
    /// serving processes to run (`roster-server admin`).
    let runsEvents: Bool
    private let wake: AsyncStream<Void>.Continuation
    private let woken: AsyncStream<Void>
    private let state = Mutex(State())

    /// A trigger of an app.
    struct TriggerKey: Hashable, Sendable {
        var appId: String
        var trigger: String
    }

    /// Where a database trigger stands: it is offered only the changes after `floor` (its
    /// resume point when its collection was last caught up); `seen` is the newest change
    /// offered to it, `stored` the newest the store holds as its resume point.
    struct ResumePoint: Sendable {
        var floor: UInt64
        var seen: UInt64
        var stored: UInt64
    }

    private struct Following {
        /// The triggers it was started for: another set follows anew.
        var triggers: Set<String>
        var task: Task<Void, Never>
    }

    private struct State {
        var started = false
        /// The schedule ticker and the worker, started with the first trigger.
        var loops: [Task<Void, Never>] = []
        var following: [DocumentChangeHub.Collection: Following] = [:]
        var points: [TriggerKey: ResumePoint] = [:]
        /// The last schedule tick handed out, by trigger.
        var lastTicks: [TriggerKey: Date] = [:]
    }

    /// How many events one claim takes.
    static let claimBatch = 16

    package init(
        store: any ServerStore, apps: ServedApps, functions: FunctionCallService, ids: IdentifierSource,
        now: @escaping @Sendable () -> Date, logger: Logger, pollInterval: Duration = .seconds(1), runsEvents: Bool = true
    ) {
        self.store = store
        self.apps = apps
        self.functions = functions
        self.ids = ids
        self.now = now
        self.logger = logger
        self.pollInterval = pollInterval
        self.runsEvents = runsEvents
        (woken, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    deinit {
        wake.finish()
        let tasks = state.withLock { state in state.loops + state.following.values.map(\.task) }
        for task in tasks { task.cancel() }
    }

    /// Starts following the watched collections, the schedules and the stored events.
    package func start() {
        guard runsEvents else { return }
        state.withLock { $0.started = true }
        appsChanged()
    }

    /// Stops following and running the triggers (the server is stopping), once the resume
    /// points reached are stored: the events not run stay in the store for another instance or
    /// the next start, and a run cut short is claimed again once its claim runs out.
    package func stop() async {
        let tasks = state.withLock { state in
            state.started = false
            defer {
                state.loops = []
                state.following = [:]
            }
            return state.loops + state.following.values.map(\.task)
        }
        for task in tasks { task.cancel() }
        await storeResumePoints()
    }

    /// The collections followed now.
    package var followedCollections: Set<DocumentChangeHub.Collection> { state.withLock { Set($0.following.keys) } }

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

    /// Starts the schedule ticker and the worker, unless they run.
    private func startLoopsOnce() {
        let (interval, wake, woken) = (pollInterval, self.wake, self.woken)
        let ticker = Task { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                await self.tickSchedules()
                await self.storeResumePoints()
                wake.yield()
                try? await Task.sleep(for: interval)
            }
        }
        let worker = Task { [weak self] in
            for await _ in woken {
                guard let self else { return }
                for appId in self.apps.keys.sorted() { while await self.runDue(appId: appId) == Self.claimBatch {} }
            }
        }
        let started = state.withLock { state in
            guard state.loops.isEmpty else { return false }
            state.loops = [ticker, worker]
            return true
        }
        if !started {
            ticker.cancel()
            worker.cancel()
        }
    }

    // MARK: Events in

    /// A user was made, logged in or deleted through `providers` (a deleted user's: those of
    /// its identities): keeps an event for each of the app's authentication triggers of that
    /// operation and one of those providers.
    package func authentication(
        _ operation: TriggerConfig.AuthenticationOperation, app: ServedApp, providers: [ProviderType], user: UserRecord,
        identities: [IdentityRecord]? = nil
    ) async {
        let names = Set(providers.map(\.rawValue))
        let triggers = app.config.triggers.filter { trigger in
            guard !trigger.disabled, case .authentication(let kind, let listed) = trigger.event else { return false }
            return kind == operation && listed.contains(where: names.contains)
        }
        guard !triggers.isEmpty else { return }
        let found: [IdentityRecord]
        if let identities {
            found = identities
        } else {
            found = (try? await store.identities(appId: app.id, userId: user.id)) ?? []
        }
        let event = AuthenticationEvent.make(operation, providers: providers, user: user, identities: found, at: now())
        let key = "auth:\(ids.objectId())"
        await keep(app: app, triggers.map { ($0, key, event) })
    }

    /// Follows one collection's changes for `triggers` until it is cancelled, the hub ends
    /// them or the service is let go: first what the store kept since the triggers' resume
    /// points, then what is committed from now on; one that falls behind catches up again from
    /// the store. The service is held only while it works, so a server let go ends its following.
    private static func follow(
        _ collection: DocumentChangeHub.Collection, _ triggers: Set<String>, _ subscription: DocumentChangeSubscription,
        service: TriggerService?
    ) async {
        weak var weakService = service
        var subscription = subscription
        while !Task.isCancelled {
            if let service = weakService { await service.catchUp(collection, triggers) }
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

    /// Reads the resume points of a collection's `triggers` (a trigger without one starts at
    /// the newest change, as a trigger made now does) and offers the changes the store kept
    /// after the oldest of them, in order: at most the app's `triggerLimits.backlog`, past which
    /// the rest is logged and passed over.
    func catchUp(_ collection: DocumentChangeHub.Collection, _ triggers: Set<String>) async {
        guard let app = apps[collection.appId], !triggers.isEmpty else { return }
        var logger = self.logger
        logger[metadataKey: "app"] = .string(app.id)
        do {
            var stored = try await store.triggerResumePoints(appId: app.id)
            let missing = triggers.filter { stored[$0] == nil }
            if !missing.isEmpty {
                let newest = try await store.newestDocumentChange()
                try await store.advanceTriggerResumePoints(
                    appId: app.id, Dictionary(uniqueKeysWithValues: missing.map { ($0, newest) }), now: now())
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

    /// Keeps `events` in the store (each once across instances) unless the app's backlog is
    /// full, and wakes the worker.
    private func keep(app: ServedApp, _ events: [(TriggerConfig, String, JSONValue)]) async {
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

    // MARK: Events run

    /// The claim policy of `app`'s events: its attempts, and a lease past its longest deadline.
    static func policy(_ app: ServedApp) -> TriggerEventRule.Policy {
        let longest = app.config.functions.values.map(\.timeoutSeconds).max() ?? FunctionConfig.defaultTimeout
        return TriggerEventRule.Policy(maxAttempts: app.config.triggerLimits.attempts, lease: longest + 30)
    }

    /// Claims the app's events that are due and runs them, in order; how many it claimed.
    @discardableResult
    package func runDue(appId: String) async -> Int {
        guard let app = apps[appId], !app.config.triggers.isEmpty else { return 0 }
        let policy = Self.policy(app)
        let claimed: [TriggerEventRecord]
        do {
            claimed = try await store.claimTriggerEvents(appId: appId, now: now(), limit: Self.claimBatch, policy: policy)
        } catch {
            logger.warning("trigger events could not be claimed: \(error)", metadata: ["app": .string(appId)])
            return 0
        }
        for record in claimed {
            let outcome = await run(record, app: app)
            do {
                try await store.settleTriggerEvent(record, outcome, now: now(), policy: policy)
            } catch {
                logger.warning(
                    "a trigger's event could not be settled; it runs again once its claim runs out: \(error)",
                    metadata: ["app": .string(appId), "trigger": .string(record.trigger)])
            }
        }
        return claimed.count
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
            _ = try await functions.runAsSystem(trigger.functionName, app: app, arguments: [event], request: FunctionRequest(logger: logger))
            return .ran
        } catch {
            if Task.isCancelled { return .interrupted }
            logger.error("trigger function '\(trigger.functionName)' failed: \(error)")
            return .threw
        }
    }
}
