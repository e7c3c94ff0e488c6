import Foundation
import Testing

@testable import RosterCore

/// `App.events`: what happens to the device's users, seen by every App sharing the device
/// store, in the order it happened (BEHAVIOURS 58).
@Suite("Session events")
struct SessionEventsTests {
    /// The next `count` events. A missing one would wait for ever: the test's time limit ends it.
    static func next(_ count: Int, _ events: inout SessionEvents.Iterator) async -> [SessionEvent] {
        var read: [SessionEvent] = []
        while read.count < count, let event = await events.next() { read.append(event) }
        return read
    }

    /// The next `count` events of `events`, read by a task already waiting while the caller goes
    /// on to write them, so they come as another process's do: found by the reader's polls.
    static func reading(_ count: Int, _ events: SessionEvents) -> Task<[SessionEvent], Never> {
        Task {
            var iterator = events.makeAsyncIterator()
            return await next(count, &iterator)
        }
    }

    /// Kind and user of each event, to compare at a glance.
    static func summary(_ events: [SessionEvent]) -> [String] {
        events.map { "\($0.kind.rawValue) \($0.userName)" }
    }

    /// A second App over the same device directory, with its own store connection, transport
    /// and clock, as another process has, sees everything the first does, in order, with the
    /// writer's times, and why the server ended a session. Its own events come as well.
    // BEHAVIOURS 58
    @Test(.timeLimit(.minutes(5))) func anotherAppSeesLogInSwitchLogOutRemoveAndEndedSessionsInOrder() async throws {
        let fixture = try await Fixture.start()
        let first = try fixture.makeApp()
        let second = try fixture.makeApp(transport: fixture.makeTransport(), clock: SystemClock())
        let elsewhere = Self.reading(9, second.events)
        let here = Self.reading(9, first.events)

        let joe = try await first.login(credentials: Fixture.joe)
        let loggedInAt = fixture.clock.now()
        fixture.clock.advance(by: 10)
        let emma = try await first.login(credentials: Fixture.emma)
        fixture.clock.advance(by: 10)
        try first.switchUser(to: joe)
        fixture.clock.advance(by: 10)
        try await joe.logOut()  // under open, emma follows
        let guest = try await first.login(credentials: .anonymous)
        try await guest.remove()  // emma follows again
        _ = try await fixture.server.admin.revokeSessions(appId: fixture.appId, userId: emma.id)
        _ = await rosterError { try await emma.refreshCustomData() }

        let guestName = guest.displayName
        let expected = [
            "logged-in joe@example.com", "logged-in emma@example.com", "switched joe@example.com", "logged-out joe@example.com",
            "switched emma@example.com", "logged-in \(guestName)", "removed \(guestName)", "switched emma@example.com",
            "session-ended emma@example.com",
        ]
        let seen = await elsewhere.value
        #expect(Self.summary(seen) == expected)
        let ids: [String] = [joe.id, emma.id, joe.id, joe.id, emma.id, guest.id, guest.id, emma.id, emma.id]
        #expect(seen.map(\.userId) == ids)
        #expect(seen.first?.at == loggedInAt)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
        let ended = try #require(seen.last)
        #expect(ended.reason?.contains("the server ended it") == true, "\(String(describing: ended.reason))")
        #expect(seen.dropLast().allSatisfy { $0.reason == nil })
        #expect(await here.value == seen)
    }

    /// Locks and unlocks under `pin`, and a lock-out after ten wrong PINs with its reason, seen
    /// from another App.
    // BEHAVIOURS 58
    @Test(.timeLimit(.minutes(5))) func locksUnlocksAndALockOutAreSeenElsewhere() async throws {
        let fixture = try await Fixture.start()
        let first = try fixture.makeApp()
        _ = try await first.setPolicy(DevicePolicy(switching: .pin))
        let joe = try await first.login(credentials: Fixture.joe, pin: "1234")
        let second = try fixture.makeApp(transport: fixture.makeTransport(), clock: SystemClock())
        let elsewhere = Self.reading(5, second.events)

        try first.deactivate()
        _ = try await first.switchUser(to: joe, secret: "1234")
        try first.deactivate()
        for _ in 1...WrongSecretLimits.logOutAfter {
            fixture.clock.advance(by: 3600)
            _ = await rosterError { try await first.switchUser(to: joe, secret: "0000") }
        }
        let seen = await elsewhere.value
        #expect(Self.summary(seen) == [
            "locked joe@example.com", "unlocked joe@example.com", "switched joe@example.com", "locked joe@example.com",
            "locked-out joe@example.com",
        ])
        #expect(seen.last?.reason == "too many wrong PINs")
    }

    /// The store keeps the newest `kept` events; `events(after:)` and `events(since:)` read on
    /// from a point among them.
    // BEHAVIOURS 58
    @Test(.timeLimit(.minutes(5))) func theStoreKeepsTheNewestEventsAndReadsOnFromAPoint() async throws {
        let fixture = try await Fixture.start()
        var configuration = AppConfiguration(appId: fixture.appId, transport: fixture.transport, directory: fixture.directory, clock: fixture.clock)
        configuration.sessionEvents.kept = 3
        let app = try App(configuration: configuration)
        let joe = try await app.login(credentials: Fixture.joe)
        fixture.clock.advance(by: 10)
        let emma = try await app.login(credentials: Fixture.emma)
        fixture.clock.advance(by: 10)
        let middle = fixture.clock.now()
        try app.switchUser(to: joe)
        fixture.clock.advance(by: 10)
        try app.switchUser(to: emma)
        fixture.clock.advance(by: 10)
        try app.switchUser(to: joe)

        var kept = app.events(after: 0).makeAsyncIterator()
        let three = await Self.next(3, &kept)
        #expect(three.map(\.sequence) == [3, 4, 5])
        #expect(Self.summary(three) == ["switched joe@example.com", "switched emma@example.com", "switched joe@example.com"])
        var after = app.events(after: 4).makeAsyncIterator()
        #expect(await Self.next(1, &after).map(\.sequence) == [5])
        var since = try app.events(since: middle).makeAsyncIterator()
        #expect(await Self.next(1, &since).map(\.sequence) == [3])
    }
}
