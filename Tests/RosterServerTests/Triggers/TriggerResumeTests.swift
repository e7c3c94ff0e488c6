import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Database triggers resume where they stood: changes written while no server ran a trigger
/// run it once at the next start, and a start after that runs none of them again; on each store.
@Suite(.timeLimit(.minutes(3))) struct TriggerResumeTests {
    static let orders = DocumentChangeHub.Collection(appId: TestConfig.appId, database: "shop", collection: "orders")

    /// Waits (at most ten seconds) until the trigger's stored resume point satisfies `ready`.
    static func resumePoint(_ server: RosterServer, _ ready: (UInt64?) -> Bool) async throws -> UInt64? {
        let store = try #require(server.services.login.triggers).store
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            let point = try await store.triggerResumePoints(appId: TestConfig.appId)["onOrder"]
            if ready(point) || ContinuousClock.now > deadline { return point }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test(arguments: StoreKind.allCases) func changesWrittenWhileNoServerRanTheTriggerRunItOnceAtTheNextStart(_ kind: StoreKind) async throws {
        let config = TriggerTests.config([TriggerTests.database(["insert"])])
        let t = try await TestServer.make(config, store: kind)
        // The first server stands at the newest change, then stops; writes go on without it.
        #expect(try await Self.resumePoint(t.server) { $0 != nil } != nil)
        await t.server.services.login.triggers?.stop()
        let ann = try await t.loggedIn(.anonymous)
        for id in 1...3 { try await TriggerTests.write(t, ann.accessToken, "insertOne", ["document": ["_id": .int(Int64(id))]]) }
        #expect(try await TriggerTests.logged(t.server).isEmpty)

        // The next start runs each change once, and moves the trigger past them.
        let second = try await t.reopen(config)
        let events = try await TriggerTests.logged(second, count: 3)
        #expect(events.compactMap { $0["documentKey"]?["_id"]?.intValue }.sorted() == [1, 2, 3])
        let store = try #require(second.services.login.triggers).store
        // Its point: the last change of its collection (the function's own writes are in another).
        let last = try #require(try await store.documentChanges(in: Self.orders, after: 0, limit: 100).last?.sequence)
        #expect(try await Self.resumePoint(second) { $0 == last } == last)
        await second.services.login.triggers?.stop()

        // A start after that runs none again.
        let third = try await t.reopen(config)
        let triggers = try #require(third.services.login.triggers)
        await triggers.catchUp(Self.orders, ["onOrder"])
        await triggers.runDue(appId: t.appId)
        #expect(try await store.pendingTriggerEvents(appId: t.appId) == 0)
        #expect(try await TriggerTests.logged(third).count == 3)
    }

    /// A trigger with no resume point yet starts where its following subscribed, not where the
    /// changes stand once its catch-up has its turn: a change committed in between (as on a
    /// loaded machine, where the catch-up waits behind the first writes) runs it.
    @Test(arguments: StoreKind.allCases) func aChangeCommittedBeforeANewTriggersCatchUpRunsIt(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(TriggerTests.config([TriggerTests.database(["insert"])]), store: kind)
        let triggers = try #require(t.server.services.login.triggers)
        // The server's own following is stopped once it has stored its point, and the point
        // forgotten: the trigger is as one never followed.
        #expect(try await Self.resumePoint(t.server) { $0 != nil } != nil)
        await triggers.stop()
        try await triggers.store.removeTriggerResumePoints(appId: t.appId, triggers: ["onOrder"])
        // A following subscribes; a change commits before its catch-up runs.
        let subscription = triggers.store.changes.subscribe(to: Self.orders)
        let ann = try await t.loggedIn(.anonymous)
        try await TriggerTests.write(t, ann.accessToken, "insertOne", ["document": ["_id": 1]])
        let following = Task { await TriggerService.follow(Self.orders, ["onOrder"], subscription, service: triggers) }
        defer { following.cancel() }
        // Its event is kept (within ten seconds: a following that passed it over keeps none).
        let deadline = ContinuousClock.now + .seconds(10)
        while try await triggers.store.pendingTriggerEvents(appId: t.appId) == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        await triggers.runDue(appId: t.appId)
        let events = try await TriggerTests.logged(t.server, count: 1)
        #expect(events.compactMap { $0["documentKey"]?["_id"]?.intValue } == [1])
    }

    @Test(arguments: StoreKind.allCases) func aTriggerMadeAfterChangesStartsFromTheNewestAndRemovedForgetsWhereItStood(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(TriggerTests.config([]), store: kind)
        let ann = try await t.loggedIn(.anonymous)
        try await TriggerTests.write(t, ann.accessToken, "insertOne", ["document": ["_id": 1]])
        // A server whose app now has the trigger: the change written before it is not its.
        let config = TriggerTests.config([TriggerTests.database(["insert"])])
        let second = try await t.reopen(config)
        let store = try #require(second.services.login.triggers).store
        let newest = try await store.newestDocumentChange()
        #expect(try await Self.resumePoint(second) { $0 != nil } == newest)
        await second.services.login.triggers?.runDue(appId: t.appId)
        #expect(try await store.pendingTriggerEvents(appId: t.appId) == 0)
        #expect(try await TriggerTests.logged(second).isEmpty)
        // The trigger taken out of the app served: its point is forgotten, its collection let go.
        var changed = try #require(second.services.apps[t.appId]).config
        changed.triggers = []
        try await second.services.install(changed)
        #expect(try await Self.resumePoint(second) { $0 == nil } == nil)
        #expect(second.services.login.triggers?.followedCollections.isEmpty == true)
    }
}
