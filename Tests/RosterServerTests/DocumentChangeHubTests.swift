import Foundation
import Testing
@testable import RosterServerCore

/// The hub that hands committed changes to watchers: in order, without gaps or repeats, only to
/// the watchers of the change's collection, and a watcher too far behind is ended, not grown.
@Suite struct DocumentChangeHubTests {
    static let notes = DocumentChangeHub.Collection(appId: "app", database: "kiosk", collection: "notes")

    static func change(_ sequence: UInt64, in collection: DocumentChangeHub.Collection = notes) -> DocumentChange {
        DocumentChange(
            sequence: sequence, appId: collection.appId, database: collection.database, collection: collection.collection,
            key: "k\(sequence)", operation: .insert, before: nil, after: #"{"_id":"k\#(sequence)"}"#, time: Date(timeIntervalSince1970: 0))
    }

    /// What a subscription has received so far, without waiting for more.
    static func received(_ subscription: DocumentChangeSubscription, count: Int) async -> [UInt64] {
        var iterator = subscription.changes.makeAsyncIterator()
        var sequences: [UInt64] = []
        for _ in 0..<count {
            guard let next = await iterator.next() else { break }
            sequences.append(next.change.sequence)
        }
        return sequences
    }

    @Test func offersFollowTheLastOneAndTheTableFillsAGap() async {
        let hub = DocumentChangeHub()
        hub.start(after: 10)
        let watcher = hub.subscribe(to: Self.notes)
        let other = hub.subscribe(to: .init(appId: "app", database: "kiosk", collection: "audit"))
        #expect(hub.offer([Self.change(11), Self.change(12)]))
        // Another process committed 13: this one's 14 waits for the table.
        #expect(!hub.offer([Self.change(14)]))
        hub.catchUp([Self.change(12), Self.change(13), Self.change(14)])
        #expect(hub.offer([Self.change(14), Self.change(15)]), "what was handed out already is skipped")
        #expect(await Self.received(watcher, count: 5) == [11, 12, 13, 14, 15])
        hub.close()
        #expect(await Self.received(other, count: 1) == [], "another collection's watcher saw nothing")
    }

    /// A watcher is handed every change after where it subscribed (`after`): `start(after:)`,
    /// with which the follower passes over the changes written while nobody watches, no longer
    /// moves the hub once someone does, so a change committed after the watcher subscribed
    /// still reaches it (a new trigger's first change, a stream's first event).
    @Test func aWatcherKeepsWhereItSubscribed() async {
        let hub = DocumentChangeHub()
        hub.start(after: 10)
        let watcher = hub.subscribe(to: Self.notes)
        #expect(watcher.after == 10)
        // The follower read the table's newest (11, committed since) before it saw the watcher.
        hub.start(after: 11)
        #expect(hub.offer([Self.change(11)]))
        hub.close()
        #expect(await Self.received(watcher, count: 1) == [11])
    }

    /// A watcher of two collections (a change stream following its user's custom data) gets
    /// both collections' changes in one stream, in commit order, and leaves both at once.
    @Test func aWatcherOfTwoCollectionsGetsBothInCommitOrder() async {
        let hub = DocumentChangeHub()
        let users = DocumentChangeHub.Collection(appId: "app", database: "kiosk", collection: "users")
        let watcher = hub.subscribe(to: [Self.notes, users])
        let audit = DocumentChangeHub.Collection(appId: "app", database: "kiosk", collection: "audit")
        hub.deliver([Self.change(1), Self.change(2, in: users), Self.change(3), Self.change(4, in: audit)])
        hub.deliver([Self.change(5, in: users)])
        #expect(await Self.received(watcher, count: 4) == [1, 2, 3, 5])
        watcher.cancel()
        #expect(hub.watcherCount == 0)
        let other = hub.subscribe(to: users)
        hub.deliver([Self.change(6, in: users)])
        #expect(await Self.received(other, count: 1) == [6], "the collection it left is still handed out")
    }

    @Test func aWatcherTooFarBehindIsEndedAndTheOthersGoOn() async throws {
        let hub = DocumentChangeHub(bufferLimit: 2)
        let slow = hub.subscribe(to: Self.notes)
        let fast = hub.subscribe(to: Self.notes)
        var fastChanges = fast.changes.makeAsyncIterator()
        hub.deliver([Self.change(1), Self.change(2)])
        #expect(await fastChanges.next()?.change.sequence == 1)
        #expect(await fastChanges.next()?.change.sequence == 2)
        hub.deliver([Self.change(3)])
        #expect(slow.fellBehind && !fast.fellBehind)
        #expect(await Self.received(slow, count: 5) == [1, 2], "what it had, then its end")
        #expect(await fastChanges.next()?.change.sequence == 3)
        #expect(hub.watcherCount == 1)
    }

    /// A watcher nobody holds any more (its client never read, and what held its subscription
    /// let go) stays until it falls behind; the hub then lets it go outside its lock, where its
    /// stream's ending calls back into the hub (inside it, that was a crash: "Recursive call to
    /// lock Mutex").
    @Test func aWatcherNobodyHoldsFallsBehindAndLeavesWithoutACrash() {
        let hub = DocumentChangeHub(bufferLimit: 4)
        _ = hub.subscribe(to: Self.notes)
        _ = hub.subscribe(to: Self.notes, bufferBytes: 40)
        #expect(hub.watcherCount == 2)
        for sequence in 1...50 { hub.deliver([Self.change(UInt64(sequence))]) }
        #expect(hub.watcherCount == 0)
    }

    /// The same when the server stops: every watcher is let go outside the lock.
    @Test func closingTheHubLetsGoOfWatchersNobodyHolds() {
        let hub = DocumentChangeHub(bufferLimit: 4)
        for _ in 0..<3 { _ = hub.subscribe(to: Self.notes) }
        hub.deliver([Self.change(1)])
        hub.close()
        #expect(hub.watcherCount == 0)
    }

    /// A subscription cancelled leaves the hub at once: it has what it was handed, then its end,
    /// and later changes are not kept for it.
    @Test func aCancelledSubscriptionLeavesAtOnce() async {
        let hub = DocumentChangeHub()
        let watcher = hub.subscribe(to: Self.notes)
        hub.deliver([Self.change(1), Self.change(2)])
        watcher.cancel()
        #expect(hub.watcherCount == 0)
        hub.deliver([Self.change(3)])
        watcher.cancel()
        #expect(await Self.received(watcher, count: 5) == [1, 2])
        #expect(!watcher.fellBehind)
    }

    /// A watcher is bounded by the bytes of the bodies waiting for it, not only by their count:
    /// past `bufferBytes` it is ended; one that takes what it is handed goes on.
    @Test func aWatcherPastItsBytesIsEnded() async {
        // Each body is `{"_id":"kN"}`, 12 bytes: three fit in 40, not four.
        let hub = DocumentChangeHub()
        let slow = hub.subscribe(to: Self.notes, bufferBytes: 40)
        let fast = hub.subscribe(to: Self.notes, bufferBytes: 40)
        var fastChanges = fast.changes.makeAsyncIterator()
        for sequence in 1...6 {
            hub.deliver([Self.change(UInt64(sequence))])
            #expect(await fastChanges.next()?.change.sequence == UInt64(sequence))
        }
        #expect(slow.fellBehind && !fast.fellBehind)
        #expect(await Self.received(slow, count: 6) == [1, 2, 3])
        #expect(hub.watcherCount == 1)
    }

    /// What a stream may hold: up to its bound, and one thing larger than the bound when
    /// nothing else waits; what the reader takes makes room again. Outside numbers cannot trap.
    @Test func pendingBytesKeepToTheirBound() {
        let pending = PendingBytes(limit: 100)
        #expect(pending.add(150), "alone, larger than the bound, it passes")
        #expect(!pending.add(1))
        pending.remove(150)
        #expect(pending.add(60) && pending.add(40) && !pending.add(1))
        #expect(pending.bytes == 100)
        pending.remove(.max)
        #expect(pending.bytes == 0)
        let unbounded = PendingBytes(limit: .max)
        #expect(unbounded.add(.max) && !unbounded.add(.max) && unbounded.bytes == .max)
        pending.remove(-5)
        #expect(pending.add(-5) && pending.bytes == 0)
    }
}
