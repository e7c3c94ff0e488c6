import Foundation
import Testing
@testable import RosterServerCore

/// Triggers' events in the store, on each driver: kept once per trigger and key, claimed by one
/// caller at a time, claimed again once a claim runs out, settled only by the claim that holds it.
@Suite(.timeLimit(.minutes(2))) struct TriggerEventStoreTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let policy = TriggerEventRule.Policy(maxAttempts: 2, lease: 60, retryPause: 5)

    static func event(_ key: String, trigger: String = "onOrder") -> TriggerEventRecord {
        TriggerEventRecord(appId: "app", trigger: trigger, key: key, event: #"{"n":1}"#, notBefore: start, createdAt: start)
    }

    @Test(arguments: StoreKind.allCases) func anEventIsKeptOnceAndClaimedOnce(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        #expect(try await store.enqueueTriggerEvents([Self.event("change:1"), Self.event("change:2")]) == 2)
        // Another instance offering the same change keeps nothing new.
        #expect(try await store.enqueueTriggerEvents([Self.event("change:1")]) == 0)
        #expect(try await store.pendingTriggerEvents(appId: "app") == 2)
        let claims = try await withThrowingTaskGroup(of: [TriggerEventRecord].self) { group in
            for _ in 0..<4 {
                group.addTask { try await store.claimTriggerEvents(appId: "app", now: Self.start, limit: 16, policy: Self.policy) }
            }
            var all: [TriggerEventRecord] = []
            for try await claimed in group { all += claimed }
            return all
        }
        #expect(claims.map(\.key).sorted() == ["change:1", "change:2"])
        #expect(claims.allSatisfy { $0.attempts == 1 && $0.leaseUntil == Self.start.addingTimeInterval(60) })
        for claim in claims { #expect(try await store.settleTriggerEvent(claim, .ran, now: Self.start, policy: Self.policy)) }
        #expect(try await store.pendingTriggerEvents(appId: "app") == 0)
        #expect(try await store.triggerEvent(appId: "app", trigger: "onOrder", key: "change:1")?.state == .done)
        #expect(try await store.claimTriggerEvents(appId: "app", now: Self.start.addingTimeInterval(3600), limit: 16, policy: Self.policy).isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func aClaimThatRunsOutIsClaimedAgainThenGivenUp(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        try await store.enqueueTriggerEvents([Self.event("tick:60")])
        let first = try #require(try await store.claimTriggerEvents(appId: "app", now: Self.start, limit: 1, policy: Self.policy).first)
        // Held: nobody else gets it before the lease runs out.
        #expect(try await store.claimTriggerEvents(appId: "app", now: Self.start.addingTimeInterval(59), limit: 1, policy: Self.policy).isEmpty)
        // The instance that held it stopped; past the lease it is claimed again.
        let later = Self.start.addingTimeInterval(61)
        let second = try #require(try await store.claimTriggerEvents(appId: "app", now: later, limit: 1, policy: Self.policy).first)
        #expect(second.attempts == 2)
        // The first claim's late end changes nothing.
        #expect(try await store.settleTriggerEvent(first, .ran, now: later, policy: Self.policy) == false)
        #expect(try await store.triggerEvent(appId: "app", trigger: "onOrder", key: "tick:60")?.state == .pending)
        // Its attempts spent, a claim that runs out again is given up.
        let end = later.addingTimeInterval(61)
        #expect(try await store.claimTriggerEvents(appId: "app", now: end, limit: 1, policy: Self.policy).isEmpty)
        #expect(try await store.triggerEvent(appId: "app", trigger: "onOrder", key: "tick:60")?.state == .failed)
    }

    @Test(arguments: StoreKind.allCases) func anInterruptedRunWaitsThenRunsAgainAndAThrownOneDoesNot(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        try await store.enqueueTriggerEvents([Self.event("auth:1"), Self.event("auth:2")])
        let claimed = try await store.claimTriggerEvents(appId: "app", now: Self.start, limit: 2, policy: Self.policy)
        #expect(claimed.count == 2)
        try await store.settleTriggerEvent(claimed[0], .interrupted, now: Self.start, policy: Self.policy)
        try await store.settleTriggerEvent(claimed[1], .threw, now: Self.start, policy: Self.policy)
        #expect(try await store.triggerEvent(appId: "app", trigger: "onOrder", key: claimed[1].key)?.state == .failed)
        #expect(try await store.claimTriggerEvents(appId: "app", now: Self.start.addingTimeInterval(4), limit: 2, policy: Self.policy).isEmpty)
        let again = try await store.claimTriggerEvents(appId: "app", now: Self.start.addingTimeInterval(5), limit: 2, policy: Self.policy)
        #expect(again.map(\.key) == [claimed[0].key])
    }

    /// A live clock's instant is finer than the stores keep (SQLite the millisecond, PostgreSQL
    /// the microsecond): a claim taken then is still settled by its run, so the event is done
    /// and not run again, nor left holding a place among the events claimed next.
    @Test(arguments: StoreKind.allCases) func aClaimTakenBetweenMillisecondsIsSettled(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        try await store.enqueueTriggerEvents([Self.event("change:7")])
        let between = Self.start.addingTimeInterval(0.123_456_7)
        let claimed = try #require(try await store.claimTriggerEvents(appId: "app", now: between, limit: 1, policy: Self.policy).first)
        #expect(try await store.settleTriggerEvent(claimed, .ran, now: between, policy: Self.policy))
        #expect(try await store.triggerEvent(appId: "app", trigger: "onOrder", key: "change:7")?.state == .done)
        #expect(try await store.pendingTriggerEvents(appId: "app") == 0)
    }

    /// Events whose claims still hold (their runs under way) never hide the events behind them:
    /// however many are held, the next claim reaches the first free one.
    @Test(arguments: StoreKind.allCases) func heldClaimsDoNotHideTheEventsBehindThem(_ kind: StoreKind) async throws {
        let store = try await kind.makeStore()
        let count = 3 * 16 + 5
        try await store.enqueueTriggerEvents((1...count).map { Self.event("change:\($0)") })
        var claimed: Set<String> = []
        for _ in 0..<count {
            let batch = try await store.claimTriggerEvents(appId: "app", now: Self.start, limit: 16, policy: Self.policy)
            if batch.isEmpty { break }
            claimed.formUnion(batch.map(\.key))
        }
        #expect(claimed.count == count)
    }
}
