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
/// This file holds the service's state and its start and stop; each concept is in a file of its
/// own: `+Install` (trigger edits followed live), `+Follow`, `+Authentication` and `+Schedule`
/// (events in), `+Resume` (resume points and the catch-up at start), `+Keep` (events stored),
/// `+Run` (events claimed and run) and `+EngineWait` (events kept while the JavaScript engine
/// does not start).
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
    let wake: AsyncStream<Void>.Continuation
    let woken: AsyncStream<Void>
    let state = Mutex(State())

    /// A trigger of an app.
    struct TriggerKey: Hashable, Sendable {
        var appId: String
        var trigger: String
    }

    /// A collection followed, and for which of its triggers.
    struct Following {
        /// The triggers it was started for: another set follows anew.
        var triggers: Set<String>
        var task: Task<Void, Never>
    }

    struct State {
        var started = false
        /// The schedule ticker and the worker, started with the first trigger.
        var loops: [Task<Void, Never>] = []
        var following: [DocumentChangeHub.Collection: Following] = [:]
        var points: [TriggerKey: ResumePoint] = [:]
        /// The last schedule tick handed out, by trigger.
        var lastTicks: [TriggerKey: Date] = [:]
        /// The apps whose trigger functions the JavaScript engine did not start for, until one runs.
        var engineDown: Set<String> = []
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

    /// Starts the schedule ticker and the worker, unless they run.
    func startLoopsOnce() {
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
                for appId in self.apps.keys.sorted() {
                    // Until fewer than a batch were due, or the engine did not start (the rest wait
                    // for the next wake).
                    while true {
                        let batch = await self.runBatch(appId: appId)
                        if batch.claimed < Self.claimBatch || batch.engineDown { break }
                    }
                }
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
}
