import Foundation
import RosterWire
import Testing

@testable import RosterCore

/// `PolicyFlow` on its own, against a real in-process server: a policy change reseals or logs
/// out, in one transaction, exactly the sessions it touches (BEHAVIOURS 43, 46).
@Suite("Policy flow")
struct PolicyFlowTests {
    // BEHAVIOURS 46
    @Test func tighteningSealsThoseGivenAPINAndLogsOutTheRest() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let emma = try await app.login(credentials: Fixture.emma)
        let flow = app.policyFlow
        let loggedOut = try await flow.setPolicy(
            DevicePolicy(switching: .pin), pins: [joe.id: "2468"], admin: nil, handle: app.sessions.handle(for:))
        #expect(loggedOut == ["emma@example.com"])
        #expect(try app.policy().switching == .pin)
        #expect(joe.load()?.sealed?.kind == .pin)
        #expect(emma.state == .loggedOut)
        // The new seal's key is not held: Joe unlocks anew.
        #expect(throws: RosterError.locked(user: "joe@example.com", secret: .pin)) { try app.keys.loggedInRow(joe) }
        try await joe.unlock(secret: "2468")
        #expect(try app.keys.loggedInRow(joe).secrets != nil)
        let events = try app.history().map(\.event)
        #expect(events.contains(.policyChanged) && events.contains(.loggedOut))
    }

    // BEHAVIOURS 46
    @Test func theIdleLockChangesWithoutPINsInOneHistoryLine() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let flow = app.policyFlow
        _ = try await flow.setPolicy(DevicePolicy(switching: .pin, lockAfter: 10), pins: [joe.id: "2468"], admin: nil, handle: app.sessions.handle(for:))
        let sealed = try #require(joe.load()?.sealed)
        let loggedOut = try await flow.setPolicy(
            DevicePolicy(switching: .pin, lockAfter: 15, onIdle: .logoutToNobody), pins: [:], admin: nil, handle: app.sessions.handle(for:))
        #expect(loggedOut.isEmpty)
        #expect(try app.policy() == DevicePolicy(switching: .pin, lockAfter: 15, onIdle: .logoutToNobody))
        #expect(joe.load()?.sealed == sealed)
        let changes = try app.history().filter { $0.event == .policyChanged }.compactMap(\.userName)
        #expect(changes.contains("open → pin, lock after never → 10 s"))
        #expect(changes.contains("lock after 10 s → 15 s, on idle lock → logout-to-nobody"))
        // The same policy again changes nothing and adds no line.
        _ = try await flow.setPolicy(try app.policy(), pins: [:], admin: nil, handle: app.sessions.handle(for:))
        #expect(try app.history().filter { $0.event == .policyChanged }.count == changes.count)
    }

    // BEHAVIOURS 43
    @Test func looseningWithoutTheirPINsChangesNothing() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let flow = app.policyFlow
        _ = try await flow.setPolicy(DevicePolicy(switching: .pin), pins: [joe.id: "2468"], admin: nil, handle: app.sessions.handle(for:))
        let sealed = try #require(joe.load()?.sealed)
        await #expect(throws: RosterError.self) {
            try await flow.setPolicy(DevicePolicy(switching: .open), pins: [:], admin: nil, handle: app.sessions.handle(for:))
        }
        #expect(try app.policy().switching == .pin)
        #expect(joe.load()?.sealed == sealed)
        // With the PIN, the session goes back under the device key.
        _ = try await flow.setPolicy(DevicePolicy(switching: .open), pins: [joe.id: "2468"], admin: nil, handle: app.sessions.handle(for:))
        #expect(try app.policy().switching == .open)
        #expect(joe.load()?.sealed?.kind.needsSecret == false)
    }
}

/// What history keeps of a policy change: only what changed, each part `before → after`.
@Suite("Policy change")
struct PolicyChangeTests {
    // BEHAVIOURS 46
    @Test func describesOnlyWhatChanged() {
        let pinTen = DevicePolicy(switching: .pin, lockAfter: 10)
        #expect(PolicyChange.description(from: pinTen, to: pinTen) == nil)
        #expect(PolicyChange.description(from: pinTen, to: DevicePolicy(switching: .pin, lockAfter: 15)) == "lock after 10 s → 15 s")
        #expect(PolicyChange.description(from: pinTen, to: DevicePolicy(switching: .open, lockAfter: 10)) == "pin → open")
        #expect(
            PolicyChange.description(from: DevicePolicy(), to: DevicePolicy(switching: .password, lockAfter: 300, onIdle: .logoutToNobody))
                == "open → password, lock after never → 5 m, on idle lock → logout-to-nobody")
        #expect(PolicyChange.lockText(7200) == "2 h")
        #expect(PolicyChange.lockText(90) == "90 s")
    }

    // BEHAVIOURS 46
    @Test func onlyAWeakerSwitchingPolicyLoosens() {
        let pin = DevicePolicy(switching: .pin, lockAfter: 60)
        #expect(pin.isLoosened(by: DevicePolicy(switching: .open, lockAfter: 60)))
        #expect(!pin.isLoosened(by: DevicePolicy(switching: .pin, lockAfter: nil)))
        #expect(!pin.isLoosened(by: DevicePolicy(switching: .password, lockAfter: 3600, onIdle: .lock)))
        #expect(!DevicePolicy(switching: .pin, onIdle: .logoutToNobody).isLoosened(by: DevicePolicy(switching: .pin, onIdle: .lock)))
    }
}
