import Foundation
import RosterWire
import Synchronization

/// Hands each committed document change to the watchers of its collection, in commit order: the
/// store hands them over (SQLite's driver with `offer` after each commit of its own and
/// `catchUp` from the table every process writes; PostgreSQL's with `deliver` as each
/// instance's commits are announced), and each watcher reads its own `DocumentChangeSubscription`.
///
/// A watcher that falls `bufferLimit` changes behind is ended rather than let grow without
/// bound (its subscription says `fellBehind`); one that cancels leaves at once.
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
    }

    private struct Watcher {
        var collection: Collection
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

    /// A new watcher of `collection`: it sees the changes published from now on.
    package func subscribe(to collection: Collection) -> DocumentChangeSubscription {
        let (stream, continuation) = AsyncStream.makeStream(of: PublishedChange.self, bufferingPolicy: .bufferingOldest(bufferLimit))
        return state.withLock { state in
            let id = state.nextWatcher
            state.nextWatcher += 1
            let subscription = DocumentChangeSubscription(changes: stream)
            guard !state.closed else {
                continuation.finish()
                return subscription
            }
            state.watchers[id] = Watcher(collection: collection, continuation: continuation, subscription: subscription)
            state.byCollection[collection, default: []].insert(id)
            continuation.onTermination = { [weak self] _ in self?.leave(id) }
            return subscription
        }
    }

    /// Hands out the changes of a store whose sequence is its commit order (SQLite's), as the
    /// writer offers them after its commit: only while they follow the last one handed out with
    /// no gap. Past a gap (another process committed in between) nothing is handed out here:
    /// the follower reading the table (`catchUp`) hands them out in order. False at a gap.
    @discardableResult
    package func offer(_ changes: [DocumentChange]) -> Bool {
        var ended: [AsyncStream<PublishedChange>.Continuation] = []
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
        var ended: [AsyncStream<PublishedChange>.Continuation] = []
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

    /// Starts the numbering after `sequence`: the changes already in the store are not news.
    package func start(after sequence: UInt64) {
        state.withLock { $0.lastSequence = max($0.lastSequence, sequence) }
    }

    /// Hands out changes already numbered (by the database), in the order given.
    package func deliver(_ changes: [DocumentChange]) {
        guard !changes.isEmpty else { return }
        var ended: [AsyncStream<PublishedChange>.Continuation] = []
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
        let continuations = state.withLock { state in
            state.closed = true
            defer { state.watchers = [:]; state.byCollection = [:] }
            return state.watchers.values.map(\.continuation)
        }
        for continuation in continuations { continuation.finish() }
    }

    /// How many watchers are subscribed.
    package var watcherCount: Int { state.withLock { $0.watchers.count } }

    /// Hands `change` to its collection's watchers; those too far behind leave, and their
    /// streams are ended by the caller once the lock is given back (an ended stream's
    /// `onTermination` takes the lock).
    private static func hand(
        _ change: PublishedChange, in state: inout State, ending ended: inout [AsyncStream<PublishedChange>.Continuation]
    ) {
        let key = Collection(appId: change.change.appId, database: change.change.database, collection: change.change.collection)
        guard let ids = state.byCollection[key] else { return }
        var behind: [UInt64] = []
        for id in ids {
            guard let watcher = state.watchers[id] else { continue }
            if case .dropped = watcher.continuation.yield(change) { behind.append(id) }
        }
        for id in behind {
            guard let watcher = state.watchers.removeValue(forKey: id) else { continue }
            state.byCollection[key]?.remove(id)
            watcher.subscription.markFellBehind()
            ended.append(watcher.continuation)
        }
    }

    private static func end(_ continuations: [AsyncStream<PublishedChange>.Continuation]) {
        for continuation in continuations { continuation.finish() }
    }

    private func leave(_ id: UInt64) {
        state.withLock { state in
            guard let watcher = state.watchers.removeValue(forKey: id) else { return }
            state.byCollection[watcher.collection]?.remove(id)
            if state.byCollection[watcher.collection]?.isEmpty == true { state.byCollection[watcher.collection] = nil }
        }
    }
}

/// One watcher's changes, in commit order. Dropping the iteration (or cancelling its task)
/// unsubscribes.
package final class DocumentChangeSubscription: Sendable {
    package let changes: AsyncStream<PublishedChange>
    private let behind = Mutex(false)

    init(changes: AsyncStream<PublishedChange>) {
        self.changes = changes
    }

    /// The watcher was ended because it fell too far behind.
    package var fellBehind: Bool { behind.withLock { $0 } }

    func markFellBehind() { behind.withLock { $0 = true } }
}

/// A change as every watcher of its collection receives it: its bodies are read, and its event
/// written, once, by the first watcher that needs them, not once per watcher.
package final class PublishedChange: Sendable {
    package let change: DocumentChange
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
