import Foundation
import Testing

@testable import RosterCore

/// The device's one idle clock (BEHAVIOURS 52): log-ins, switches and keys in any switcher
/// start it again; an idle lock happens only when the whole device was idle, once.
@Suite("One device, one idle clock")
struct DeviceActivityTests {
    // BEHAVIOURS 52
    @Test func theRuleTakesTheLaterOfThisWindowAndTheDevice() {
        let start = Date(timeIntervalSince1970: 1_000)
        #expect(!IdleRule.isDue(lockAfter: nil, lastInput: start, deviceActivity: nil, now: start.addingTimeInterval(9_999)))
        #expect(IdleRule.isDue(lockAfter: 60, lastInput: start, deviceActivity: nil, now: start.addingTimeInterval(60)))
        #expect(!IdleRule.isDue(lockAfter: 60, lastInput: start, deviceActivity: start.addingTimeInterval(30), now: start.addingTimeInterval(60)))
        #expect(IdleRule.isDue(lockAfter: 60, lastInput: start.addingTimeInterval(30), deviceActivity: start, now: start.addingTimeInterval(90)))
        #expect(IdleRule.idleSince(lastInput: start, deviceActivity: start.addingTimeInterval(30)) == start.addingTimeInterval(30))
        #expect(IdleRule.idleSince(lastInput: start, deviceActivity: nil) == start)
        #expect(IdleRule.followsLock(lockedAt: start.addingTimeInterval(1), lastInput: start))
        #expect(!IdleRule.followsLock(lockedAt: start, lastInput: start))
        #expect(!IdleRule.followsLock(lockedAt: nil, lastInput: start))
    }

    // BEHAVIOURS 52
    @Test func logInsSwitchesAndKeysStartTheClockAgainAndItNeverGoesBack() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        #expect(try app.deviceActivity().lastActivityAt == fixture.clock.now())
        fixture.clock.advance(by: 30)
        _ = try await app.login(credentials: Fixture.emma)
        fixture.clock.advance(by: 30)
        try app.switchUser(to: joe)
        #expect(try app.deviceActivity().lastActivityAt == fixture.clock.now())
        fixture.clock.advance(by: 30)
        try app.recordActivity()
        let latest = fixture.clock.now()
        // A process whose clock reads earlier does not move it back.
        let behind = try fixture.makeApp(clock: OffsetClock(base: fixture.clock, offset: -100))
        try behind.recordActivity()
        #expect(try app.deviceActivity().lastActivityAt == latest)
    }

    // BEHAVIOURS 47, 52
    @Test func theIdleLockHappensOnceAndNotWhileSomeoneIsActive() async throws {
        let fixture = try await Fixture.start()
        let first = try fixture.makeApp()
        let joe = try await first.login(credentials: Fixture.joe)
        let idleSince = fixture.clock.now()
        fixture.clock.advance(by: 300)
        // Someone pressed a key in another switcher meanwhile: nothing is locked.
        let second = try fixture.makeApp()
        fixture.clock.advance(by: 1)
        try second.recordActivity()
        #expect(try first.idleLock(idleSince: idleSince) == .someoneActive)
        #expect(first.currentUser?.id == joe.id)
        let typed = try #require(try first.deviceActivity().lastActivityAt)

        fixture.clock.advance(by: 300)
        #expect(try first.idleLock(idleSince: typed) == .locked)
        #expect(try second.idleLock(idleSince: typed) == .lockedElsewhere, "the other switcher follows")
        let activity = try second.deviceActivity()
        #expect(activity.lockedUserId == joe.id && activity.lockedAt == fixture.clock.now())
        #expect(try first.history().filter { $0.event == .locked }.count == 1)
    }

    // BEHAVIOURS 47, 52
    @Test func theKioskSettingLeavesNobodyActiveOnlyWhenTheDeviceWasIdle() async throws {
        let fixture = try await Fixture.start()
        let first = try fixture.makeApp()
        let joe = try await first.login(credentials: Fixture.joe)
        fixture.clock.advance(by: 10)
        _ = try await first.login(credentials: Fixture.emma)
        let idleSince = fixture.clock.now()
        fixture.clock.advance(by: 300)
        // Joe is made active elsewhere just before this switcher's idle time runs out.
        let second = try fixture.makeApp()
        try second.switchUser(to: try #require(second.user(id: joe.id)))
        #expect(try first.deactivate(ifIdleSince: idleSince) == .someoneActive)
        #expect(second.currentUser?.id == joe.id)

        let switched = try #require(try first.deviceActivity().lastActivityAt)
        fixture.clock.advance(by: 300)
        #expect(try first.deactivate(ifIdleSince: switched) == .locked)
        #expect(try second.deactivate(ifIdleSince: switched) == .lockedElsewhere)
        #expect(second.currentUser == nil)
        #expect(try first.history().filter { $0.event == .locked }.count == 1)
    }
}
