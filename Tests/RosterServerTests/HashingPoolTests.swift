import Foundation
import RosterWire
import Synchronization
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Password hashing runs in a bounded pool: a full pool refuses at once, a wait has a limit,
/// and a refused log-in is answered 503 with Retry-After and changes nothing.
@Suite struct HashingPoolTests {
    /// Work that holds its place in the pool until `open` is called.
    final class Gate: Sendable {
        private let opened = Mutex(false)
        func open() { opened.withLock { $0 = true } }
        func wait() { while !opened.withLock({ $0 }) { usleep(1000) } }
    }

    /// Waits until the pool shows `running` and `waiting`.
    static func until(_ pool: HashingPool, running: Int, waiting: Int) async throws {
        for _ in 0..<2000 where pool.load != (running, waiting) { try await Task.sleep(for: .milliseconds(1)) }
        #expect(pool.load == (running, waiting))
    }

    @Test func aFullPoolRefusesAtOnceAndAWaiterGetsTheNextPlace() async throws {
        let pool = HashingPool(width: 1, queueLimit: 1, waitLimit: .seconds(60))
        let gate = Gate()
        let first = Task { try await pool.run { gate.wait(); return 1 } }
        try await Self.until(pool, running: 1, waiting: 0)
        let second = Task { try await pool.run { 2 } }
        try await Self.until(pool, running: 1, waiting: 1)
        await #expect(throws: HashingBusy.self) { try await pool.run { 3 } }
        gate.open()
        #expect(try await first.value == 1)
        #expect(try await second.value == 2)
        try await Self.until(pool, running: 0, waiting: 0)
    }

    @Test func aWaiterGivesUpAtTheWaitLimit() async throws {
        let pool = HashingPool(width: 1, queueLimit: 4, waitLimit: .milliseconds(50))
        let gate = Gate()
        let first = Task { try await pool.run { gate.wait(); return 1 } }
        try await Self.until(pool, running: 1, waiting: 0)
        await #expect(throws: HashingBusy.self) { try await pool.run { 2 } }
        #expect(pool.load == (1, 0))
        gate.open()
        #expect(try await first.value == 1)
    }

    @Test(arguments: StoreKind.allCases) func aLogInThePoolCannotTakeIs503AndChangesNothing(_ kind: StoreKind) async throws {
        let pool = HashingPool(width: 1, queueLimit: 0)
        let t = try await TestServer.make(hashing: pool, store: kind)
        let gate = Gate()
        let holder = Task { try await pool.run { gate.wait() } }
        try await Self.until(pool, running: 1, waiting: 0)
        let login = await t.emailLogin("ann@example.com", "secret-12")
        #expect(login.status == 503)
        #expect(login.errorCode == "ServiceUnavailable")
        #expect(login.headers["retry-after"] == "1")
        let register = await t.register("ann@example.com", "secret-12")
        #expect(register.status == 503)
        gate.open()
        try await holder.value
        // Nothing was stored by the refused registration, nor counted against Ann.
        #expect(await t.register("ann@example.com", "secret-12").status == 201)
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 200)
    }
}
