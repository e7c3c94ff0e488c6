import Foundation
import RosterWire
import Synchronization

/// Hands each committed document change to the watchers of its collection, in commit order: the
/// store hands them over (SQLite's driver with `offer` after each commit of its own and
/// `catchUp` from the table every process writes; PostgreSQL's with `deliver` as each
/// instance's commits are announced), and each watcher reads its own `DocumentChangeSubscription`.
///
/// A watcher that falls `bufferLimit` changes, or its `bufferBytes` of bodies, behind is ended
/// rather than let grow without bound (its subscription says `fellBehind`); one that cancels
/// leaves at once. Watchers leave outside the hub's lock: a watcher's stream, once ended or
/// let go, calls back into the hub.
///
///     let subscription = hub.subscribe(to: .init(appId: "app", database: "shop", collection: "orders"))
///     for await change in subscription.changes { … }
package final class DocumentChangeHub: Sendable {
    /// A collection, the unit watchers subscribe to.
    package struct Collection: Hashable, Sendable {
        package var appId: String
        package var database: String
        package var collection: String

        package init(appId: String, database: String, collection: String) {
            self.appId = appId
            self.database = database
            self.collection = collection
        }

        /// The collection `change` was made in.
        package init(of change: DocumentChange) {
            self.init(appId: change.appId, database: change.database, collection: change.collection)
        }
    }

    private struct Watcher {
        var collections: Set<Collection>
        var continuation: AsyncStream<PublishedChange>.Continuation
        var subscription: DocumentChangeSubscription
    }

    private struct State {
        var watchers: [UInt64: Watcher] = [:]
        var byCollection: [Collection: Set<UInt64>] = [:]
        var nextWatcher: UInt64 = 1
        var lastSequence: UInt64 = 0
        var closed = false
    }

    private let state = Mutex(State())
    package let bufferLimit: Int
    /// The time a store stamps on the changes it writes.
    package let now: @Sendable () -> Date

    package init(bufferLimit: Int = 10_000, now: @escaping @Sendable () -> Date = Date.init) {
        self.bufferLimit = bufferLimit
        self.now = now
    }

    /// A new watcher of `collection`: it sees the changes published from now on, and is ended
    /// once more than `bufferBytes` of bodies wait for it (one change larger than that still
    /// passes when nothing else waits).
    package func subscribe(to collection: Collection, bufferBytes: Int = .max) -> DocumentChangeSubscription {
        subscribe(to: [collection], bufferBytes: bufferBytes)
    }

    /// A new watcher of several collections at once: their changes reach it in one stream, in
    /// commit order (a change stream that also follows its user's custom data).
    package func subscribe(to collections: Set<Collection>, bufferBytes: Int = .max) -> DocumentChangeSubscription {
        let (stream, continuation) = AsyncStream.makeStream(of: PublishedChange.self, bufferingPolicy: .bufferingOldest(bufferLimit))
        let pending = PendingBytes(limit: bufferBytes)
        var refused: AsyncStream<PublishedChange>.Continuation?
        let subscription = state.withLock { state in
            let id = state.nextWatcher
            state.nextWatcher += 1
            let subscription = DocumentChangeSubscription(changes: stream, pending: pending, after: state.lastSequence) { [weak self] in
                self?.leave(id)
            }
            guard !state.closed else {
                refused = continuation
                return subscription
            }
            state.watchers[id] = Watcher(collections: collections, continuation: continuation, subscription: subscription)
            for collection in collections { state.byCollection[collection, default: []].insert(id) }
            continuation.onTermination = { [weak self] _ in self?.leave(id) }
            return subscription
        }
        refused?.finish()
        return subscription
    }

    /// Hands out the changes of a store whose sequence is its commit order (SQLite's), as the
    /// writer offers them after its commit: only while they follow the last one handed out with
    /// no gap. Past a gap (another process committed in between) nothing is handed out here:
    /// the follower reading the table (`catchUp`) hands them out in order. False at a gap.
    @discardableResult
    package func offer(_ changes: [DocumentChange]) -> Bool {
        var ended: [Watcher] = []
        let whole = state.withLock { state in
            for change in changes {
                if change.sequence <= state.lastSequence { continue }
                guard change.sequence == state.lastSequence + 1 else { return false }
                state.lastSequence = change.sequence
                Self.hand(PublishedChange(change), in: &state, ending: &ended)
            }
            return true
        }
        Self.end(ended)
        return whole
    }

    /// Hands out, in order, the changes read from a store's table that are past the last one
    /// handed out (the rest were offered already).
    package func catchUp(_ changes: [DocumentChange]) {
        var ended: [Watcher] = []
        state.withLock { state in
            for change in changes where change.sequence > state.lastSequence {
                state.lastSequence = change.sequence
                Self.hand(PublishedChange(change), in: &state, ending: &ended)
            }
        }
        Self.end(ended)
    }

    /// The last change handed out (or, before any, where the store's changes stood at start).
    package var lastSequence: UInt64 { state.withLock { $0.lastSequence } }

    /// Starts the numbering after `sequence` while nobody watches: the changes already in the
    /// store are not news. A watcher that subscribed meanwhile keeps where it stood, so a change
    /// committed after it subscribed is still handed to it.
    package func start(after sequence: UInt64) {
        state.withLock { state in
            guard state.watchers.isEmpty else { return }
            state.lastSequence = max(state.lastSequence, sequence)
        }
    }

    /// Hands out changes already numbered (by the database), in the order given.
    package func deliver(_ changes: [DocumentChange]) {
        guard !changes.isEmpty else { return }
        var ended: [Watcher] = []
        state.withLock { state in
            for change in changes {
                state.lastSequence = max(state.lastSequence, change.sequence)
                Self.hand(PublishedChange(change), in: &state, ending: &ended)
            }
        }
        Self.end(ended)
    }

    /// Ends every watcher (the server is stopping); later subscriptions end at once.
    package func close() {
        let watchers = state.withLock { state in
            state.closed = true
            defer { state.watchers = [:]; state.byCollection = [:] }
            return Array(state.watchers.values)
        }
        Self.end(watchers)
    }

    /// How many watchers are subscribed.
    package var watcherCount: Int { state.withLock { $0.watchers.count } }

    /// How many watchers `collection`'s changes are handed to.
    package func watcherCount(of collection: Collection) -> Int { state.withLock { $0.byCollection[collection]?.count ?? 0 } }

    /// Hands `change` to its collection's watchers; those too far behind leave, and are handed
    /// to the caller to end and let go once the lock is given back (an ended stream's
    /// `onTermination`, and a stream let go, take the lock).
    private static func hand(_ change: PublishedChange, in state: inout State, ending ended: inout [Watcher]) {
        let key = Collection(of: change.change)
        guard let ids = state.byCollection[key] else { return }
        var behind: [UInt64] = []
        for id in ids {
            guard let watcher = state.watchers[id] else { continue }
            guard watcher.subscription.pending.add(change.bytes) else {
                behind.append(id)
                continue
            }
            if case .dropped = watcher.continuation.yield(change) { behind.append(id) }
        }
        for id in behind {
            guard let watcher = remove(id, from: &state) else { continue }
            watcher.subscription.markFellBehind()
            ended.append(watcher)
        }
    }

    /// Takes watcher `id` out of every collection it watches.
    private static func remove(_ id: UInt64, from state: inout State) -> Watcher? {
        guard let watcher = state.watchers.removeValue(forKey: id) else { return nil }
        for collection in watcher.collections {
            state.byCollection[collection]?.remove(id)
            if state.byCollection[collection]?.isEmpty == true { state.byCollection[collection] = nil }
        }
        return watcher
    }

    /// Ends the streams of watchers that have left, outside the lock; the watchers (their
    /// subscriptions perhaps the last references to their streams) go with the array.
    private static func end(_ watchers: [Watcher]) {
        for watcher in watchers { watcher.continuation.finish() }
    }

    /// Takes watcher `id` out (it cancelled, or its stream ended) and ends its stream once the
    /// lock is given back.
    private func leave(_ id: UInt64) {
        let left = state.withLock { state in Self.remove(id, from: &state) }
        left?.continuation.finish()
    }
}

/// One watcher's changes, in commit order. `cancel()` (or dropping the iteration, or
/// cancelling its task) unsubscribes.
package final class DocumentChangeSubscription: Sendable {
    package let changes: Changes
    /// The bodies of the changes handed to it and not yet taken.
    let pending: PendingBytes
    /// The last change handed out as it subscribed: it is handed every change after that.
    package let after: UInt64
    private let behind = Mutex(false)
    private let leave: @Sendable () -> Void

    init(changes: AsyncStream<PublishedChange>, pending: PendingBytes, after: UInt64, leave: @escaping @Sendable () -> Void) {
        self.changes = Changes(stream: changes, pending: pending)
        self.pending = pending
        self.after = after
        self.leave = leave
    }

    /// The watcher was ended because it fell too far behind.
    package var fellBehind: Bool { behind.withLock { $0 } }

    func markFellBehind() { behind.withLock { $0 = true } }

    /// Leaves the hub: nothing more is handed to it, and its changes end after those already
    /// handed. Safe to call more than once, and from any task.
    package func cancel() { leave() }

    /// The changes as they arrive; each taken is counted out of `pending`.
    package struct Changes: AsyncSequence, Sendable {
        let stream: AsyncStream<PublishedChange>
        let pending: PendingBytes

        package func makeAsyncIterator() -> PendingBytes.Taking<PublishedChange> { pending.taking(stream) }
    }
}

/// A change as every watcher of its collection receives it: its bodies are read, and its event
/// written, once, by the first watcher that needs them, not once per watcher.
package final class PublishedChange: PendingSize {
    package let change: DocumentChange
    /// The bodies' bytes, before and after: what a watcher holding it is counted.
    package let bytes: Int
    private let read = Mutex<Read?>(nil)

    /// The bodies as documents, and the change event (`ChangeEvent`) in the engine's form and as
    /// the text a stream sends.
    package struct Read: Sendable {
        package var before: JSONObject?
        package var after: JSONObject?
        package var event: JSONValue
        package var text: String
    }

    package init(_ change: DocumentChange) {
        self.change = change
        bytes = (change.before?.utf8.count ?? 0) + (change.after?.utf8.count ?? 0)
    }

    package var documents: Read {
        read.withLock { read in
            if let read { return read }
            let made = ChangeEvent.read(change)
            read = made
            return made
        }
    }
}
