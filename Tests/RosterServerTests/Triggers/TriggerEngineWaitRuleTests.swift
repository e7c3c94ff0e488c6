import Foundation
import Testing
@testable import RosterServerCore

/// An event whose function the JavaScript engine did not start for (`Outcome.notRun`): kept, its
/// claim not counted, tried again after a pause as long as it has waited (at most a minute),
/// until its wait is over; a schedule's run waits only until its next one is due.
@Suite struct TriggerEngineWaitRuleTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let policy = TriggerEventRule.Policy(maxAttempts: 3, lease: 60, retryPause: 5)

    static func claimed(_ record: TriggerEventRecord, at now: Date) throws -> TriggerEventRecord {
        guard case .claim(let claimed) = TriggerEventRule.claim(record, now: now, policy: policy) else { throw Refused() }
        return claimed
    }

    struct Refused: Error {}

    @Test func anEventWaitsForTheEngineUncountedWithAGrowingPauseUntilItsWaitIsOver() throws {
        var record = TriggerEventRecord(appId: "app", trigger: "onOrder", key: "change:7", event: "{}", notBefore: Self.start, createdAt: Self.start)
        let ends = Self.start.addingTimeInterval(600)
        var now = Self.start
        var pauses: [TimeInterval] = []
        // Far more tries than maxAttempts: the engine's outage is bounded by time, not tries.
        while true {
            let claimed = try Self.claimed(record, at: now)
            record = try #require(TriggerEventRule.settle(claimed, claimed: claimed, .notRun(waitingEnds: ends), now: now, policy: Self.policy))
            guard record.state == .pending else { break }
            #expect(record.attempts == 0 && record.leaseUntil == nil)
            pauses.append(record.notBefore.timeIntervalSince(now))
            now = record.notBefore
        }
        #expect(record.state == .failed && now == ends)
        #expect(pauses.prefix(5) == [5, 5, 10, 20, 40])
        #expect(pauses.dropFirst(5).dropLast().allSatisfy { $0 == TriggerEventRule.longestEnginePause })
        #expect(pauses.count == 14, "\(pauses)")
    }

    @Test func anInterruptedRunStillCountsItsClaim() throws {
        let record = TriggerEventRecord(appId: "app", trigger: "onOrder", key: "change:8", event: "{}", notBefore: Self.start, createdAt: Self.start)
        let claimed = try Self.claimed(record, at: Self.start)
        let settled = try #require(TriggerEventRule.settle(claimed, claimed: claimed, .interrupted, now: Self.start, policy: Self.policy))
        #expect(settled.attempts == 1 && settled.state == .pending)
    }

    @Test func aScheduledRunWaitsOnlyUntilItsNextRunIsDue() {
        let limits = TriggerLimitsConfig(engineWaitSeconds: 3600)
        // 08:00 UTC, a multiple of five minutes.
        let tick = Date(timeIntervalSince1970: 1_800_000_000)
        let record = TriggerEventRecord(appId: "app", trigger: "nightly", key: "tick:\(Int(tick.timeIntervalSince1970))", event: "{}", notBefore: tick, createdAt: tick)
        let everyFive = TriggerConfig(name: "nightly", functionName: "f", event: .scheduled(schedule: "*/5 * * * *"))
        #expect(TriggerService.engineWaitEnds(record, trigger: everyFive, limits: limits) == tick.addingTimeInterval(300))
        let daily = TriggerConfig(name: "nightly", functionName: "f", event: .scheduled(schedule: "0 3 * * *"))
        #expect(TriggerService.engineWaitEnds(record, trigger: daily, limits: limits) == tick.addingTimeInterval(3600))
        let database = TriggerConfig(name: "onOrder", functionName: "f", event: .database(.init(database: "shop", collection: "orders", operationTypes: ["insert"])))
        #expect(TriggerService.engineWaitEnds(record, trigger: database, limits: limits) == tick.addingTimeInterval(3600))
        #expect(TriggerService.engineWaitEnds(record, trigger: nil, limits: TriggerLimitsConfig()) == tick.addingTimeInterval(86_400))
    }
}
