import Foundation
import RosterWire
import Testing
@testable import RosterServer

/// One credential check per account at a time: guesses sent together cannot slip past the
/// account's limit while the first is hashing, and do not queue scrypt work for everyone.
@Suite struct AccountCheckTests {
    @Test func aSecondGuessWhileTheFirstIsCheckedIsRefusedUncheckedAndUncounted() async throws {
        let pool = HashingPool(width: 1, queueLimit: 2, waitLimit: .seconds(60))
        let t = try await TestServer.make(hashing: pool)
        _ = await t.register("ann@example.com", "secret-12")
        _ = await t.register("bob@example.com", "secret-34")
        let gate = HashingPoolTests.Gate()
        let holder = Task { try await pool.run { gate.wait() } }
        try await HashingPoolTests.until(pool, running: 1, waiting: 0)
        // Ann's first guess waits for the hashing pool, her account being checked.
        let first = Task { await t.emailLogin("ann@example.com", "guess-1") }
        try await HashingPoolTests.until(pool, running: 1, waiting: 1)
        for _ in 1...10 {
            let refused = await t.emailLogin("ann@example.com", "guess-2")
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
}
