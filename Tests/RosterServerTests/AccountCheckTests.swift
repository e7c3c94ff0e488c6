import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// One credential check per account at a time: guesses sent together cannot slip past the
/// account's limit while the first is hashing, and do not queue scrypt work for everyone.
@Suite struct AccountCheckTests {
    @Test(arguments: StoreKind.allCases) func aSecondGuessWhileTheFirstIsCheckedIsRefusedUncheckedAndUncounted(_ kind: StoreKind) async throws {
        let pool = HashingPool(width: 1, queueLimit: 2, waitLimit: .seconds(60))
        let t = try await TestServer.make(hashing: pool, store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        _ = await t.register("bob@example.com", "secret-34")
        let gate = HashingPoolTests.Gate()
        let holder = Task { try await pool.run { gate.wait() } }
        try await HashingPoolTests.until(pool, running: 1, waiting: 0)
        // Ann's first guess waits for the hashing pool, her account being checked.
        let first = Task { await t.emailLogin("ann@example.com", "guess-1") }
        try await HashingPoolTests.until(pool, running: 1, waiting: 1)
        let refusals = await withTaskGroup(of: WireResponse.self) { group in
            for _ in 1...10 { group.addTask { await t.emailLogin("ann@example.com", "guess-2") } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for refused in refusals {
            #expect(refused.status == 429 && refused.errorCode == "TooManyRequests")
            #expect(refused.headers["retry-after"] == "1")
        }
        #expect(pool.load == (1, 1), "the refused guesses queued no hashing")
        // Bob is not held up by Ann's check.
        let bob = Task { await t.emailLogin("bob@example.com", "secret-34") }
        try await HashingPoolTests.until(pool, running: 1, waiting: 2)
        gate.open()
        try await holder.value
        #expect(await first.value.errorCode == "InvalidPassword")
        #expect(await bob.value.status == 200)
        // Only the checked guess was counted: four more are free before the waits begin.
        for _ in 1...4 { #expect(await t.emailLogin("ann@example.com", "guess-3").errorCode == "InvalidPassword") }
        #expect(await t.emailLogin("ann@example.com", "guess-4").status == 429)
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 429)
        t.clock.advance(by: 1)
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 200)
    }

    @Test func theFailuresAnAccountCanTakeInItsFirstSecondsOfGuessing() {
        let limits = LimitsConfig()
        // Five free, then one after each wait of 1, 2, 4, 8, 16 s (the next waits 32 s more).
        #expect(limits.accountFailuresAllowed(inFirst: 1) == 5)
        #expect(limits.accountFailuresAllowed(inFirst: 2) == 6)
        #expect(limits.accountFailuresAllowed(inFirst: 60) == 10)
        #expect(LimitsConfig(freeFailures: 5, failuresPerAccountPerHour: 7).accountFailuresAllowed(inFirst: 3600) == 7)
    }

    /// The hold ends with the wait when that is sooner, and `Retry-After` counts from the answer.
    @Test func theHoldNeverOutlastsTheWait() {
        #expect(LoginService.hold(for: LimitWait(seconds: 1), upTo: 2000) == (1000, LimitWait(seconds: 1)))
        #expect(LoginService.hold(for: LimitWait(seconds: 30), upTo: 2000) == (2000, LimitWait(seconds: 28)))
        #expect(LoginService.hold(for: LimitWait(seconds: 3), upTo: 500) == (500, LimitWait(seconds: 3)))
        #expect(LoginService.hold(for: LimitWait(seconds: 3), upTo: 0) == (0, LimitWait(seconds: 3)))
    }

    /// How long the hold takes is `roster-bench accounts` (a refused log-in over its hold); here,
    /// that the refusal is the limit's and the hold is a setting within its bounds.
    @Test(arguments: StoreKind.allCases) func aRefusedLogInIsAnsweredAfterTheHold(_ kind: StoreKind) async throws {
        var config = TestConfig.app()
        config.limits = LimitsConfig(freeFailures: 1, limitedLoginHoldMilliseconds: 300)
        let t = try await TestServer.make(config, store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        #expect(await t.emailLogin("ann@example.com", "guess").status == 401)
        let refused = await t.emailLogin("ann@example.com", "guess")
        #expect(refused.status == 429 && refused.errorCode == "TooManyRequests")
        #expect(throws: AppConfigError.self) {
            try AppConfig.parse(Data(#"{"appId": "a", "limits": {"limitedLoginHoldMilliseconds": 5001}}"#.utf8), source: "test")
        }
        #expect(LimitsConfig().limitedLoginHoldMilliseconds == 2000)
    }
}
