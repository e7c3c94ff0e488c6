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
}
