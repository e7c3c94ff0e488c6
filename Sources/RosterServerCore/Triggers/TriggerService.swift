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
///     let triggers = TriggerService(store: store, apps: apps, functions: functions, ids: ids, now: now, logger: logger)
///     triggers.start()
package final class TriggerService: Sendable {
    let store: any ServerStore
    let apps: [String: ServedApp]
    let functions: FunctionCallService
    let ids: IdentifierSource
    let now: @Sendable () -> Date
    let logger: Logger
    /// How often the work of other instances (retries, claims that ran out) and the schedules
    /// are looked at when nothing wakes the worker.
    let pollInterval: Duration
    private let wake: AsyncStream<Void>.Continuation
    private let woken: AsyncStream<Void>
    private let tasks = Mutex<[Task<Void, Never>]>([])
    /// The last schedule tick handed out, by app and trigger.
    private let lastTicks = Mutex<[String: Date]>([:])

    /// How many events one claim takes.
    static let claimBatch = 16

    package init(
        store: any ServerStore, apps: [ServedApp], functions: FunctionCallService, ids: IdentifierSource,
        now: @escaping @Sendable () -> Date, logger: Logger, pollInterval: Duration = .seconds(1)
    ) {
        self.store = store
        self.apps = Dictionary(apps.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        self.functions = functions
        self.ids = ids
        self.now = now
        self.logger = logger
        self.pollInterval = pollInterval
        (woken, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let start = now()
        lastTicks.withLock { ticks in
            for app in apps {
                for trigger in app.config.triggers where !trigger.disabled {
                    if case .scheduled = trigger.event { ticks[Self.tickKey(app.id, trigger.name)] = start }
                }
            }
        }
    }

    deinit {
        wake.finish()
        for task in tasks.withLock({ $0 }) { task.cancel() }
    }

    /// Whether any app has a trigger to run.
    package var hasTriggers: Bool { apps.values.contains { $0.config.triggers.contains { !$0.disabled } } }

    /// Starts following the watched collections, the schedules and the stored events.
    package func start() {
        guard hasTriggers else { return }
        var started: [Task<Void, Never>] = []
        for app in apps.values {
            var collections: Set<DocumentChangeHub.Collection> = []
            for trigger in app.config.triggers where !trigger.disabled {
                if case .database(let database) = trigger.event {
                    collections.insert(.init(appId: app.id, database: database.database, collection: database.collection))
                }
            }
            for collection in collections {
                // Subscribed now, so that every change committed once the server answers is seen.
                let subscription = store.changes.subscribe(to: collection)
                started.append(Task { [weak self] in await Self.follow(collection, subscription, service: self) })
            }
        }
        let (interval, wake) = (pollInterval, self.wake)
        started.append(
            Task { [weak self] in
                while !Task.isCancelled {
                    guard let self else { return }
                    await self.tickSchedules()
                    wake.yield()
                    try? await Task.sleep(for: interval)
                }
            })
        let woken = self.woken
        started.append(
            Task { [weak self] in
                for await _ in woken {
                    guard let self else { return }
                    for appId in self.apps.keys.sorted() { while await self.runDue(appId: appId) == Self.claimBatch {} }
                }
            })
        tasks.withLock { $0 += started }
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

    /// Follows one collection's changes until the hub ends them or the service is let go: the
    /// service is held only while a change is offered, so a server let go ends its following.
    private static func follow(
        _ collection: DocumentChangeHub.Collection, _ subscription: DocumentChangeSubscription, service: TriggerService?
    ) async {
        weak var weakService = service
        var subscription = subscription
        while !Task.isCancelled {
            for await published in subscription.changes {
                guard let service = weakService else { return }
                await service.offer(published)
            }
            guard subscription.fellBehind, let service = weakService else { return }
            service.logger.error(
                "database triggers fell behind the changes of \(collection.database).\(collection.collection): changes were missed",
                metadata: ["app": .string(collection.appId)])
            subscription = service.store.changes.subscribe(to: collection)
        }
    }

    /// Keeps an event for each of the app's database triggers the change sets off.
    package func offer(_ published: PublishedChange) async {
        let change = published.change
        guard let app = apps[change.appId] else { return }
        var events: [(TriggerConfig, String, JSONValue)] = []
        for trigger in app.config.triggers where !trigger.disabled {
            guard case .database(let database) = trigger.event, database.database == change.database,
                database.collection == change.collection
            else { continue }
            let match = database.match.flatMap { try? DocumentQuery.parse($0) }
            if let event = DatabaseTriggerEvent.make(published, for: database, match: match) {
                events.append((trigger, "change:\(change.sequence)", event))
            }
        }
        await keep(app: app, events)
    }

    /// Keeps an event for each schedule whose next minute has come, once per minute across
    /// instances (the tick is the event's key). Minutes missed while no instance ran are not
    /// made up, as in App Services.
    package func tickSchedules() async {
        let current = now()
        for app in apps.values {
            var events: [(TriggerConfig, String, JSONValue)] = []
            for trigger in app.config.triggers where !trigger.disabled {
                guard case .scheduled(let text) = trigger.event, let schedule = try? CronSchedule(text) else { continue }
                let name = Self.tickKey(app.id, trigger.name)
                let due = lastTicks.withLock { ticks -> Date? in
                    guard let last = ticks[name], let next = schedule.next(after: last), next <= current else { return nil }
                    // The latest minute due: those between are missed, not run in a burst.
                    var latest = next
                    while let after = schedule.next(after: latest), after <= current { latest = after }
                    ticks[name] = latest
                    return latest
                }
                if let due { events.append((trigger, "tick:\(Int64(due.timeIntervalSince1970))", .emptyObject)) }
            }
            await keep(app: app, events)
        }
    }

    private static func tickKey(_ appId: String, _ trigger: String) -> String { "\(appId)\u{0}\(trigger)" }

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
