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
        let flow = app.sessions.policyFlow
        let loggedOut = try await flow.setPolicy(
            DevicePolicy(switching: .pin), pins: [joe.id: "2468"], handle: app.sessions.handle(for:))
        #expect(loggedOut == ["emma@example.com"])
        #expect(try app.policy().switching == .pin)
        #expect(joe.load()?.sealed?.kind == .pin)
        #expect(emma.state == .loggedOut)
        // The new seal's key is not held: Joe unlocks anew.
        #expect(throws: RosterError.locked(user: "joe@example.com", secret: .pin)) { try app.sessions.keys.loggedInRow(joe) }
        try await joe.unlock(secret: "2468")
        #expect(try app.sessions.keys.loggedInRow(joe).secrets != nil)
        let events = try app.history().map(\.event)
        #expect(events.contains(.policyChanged) && events.contains(.loggedOut))
    }

    // BEHAVIOURS 43
    @Test func looseningWithoutTheirPINsChangesNothing() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let flow = app.sessions.policyFlow
        _ = try await flow.setPolicy(DevicePolicy(switching: .pin), pins: [joe.id: "2468"], handle: app.sessions.handle(for:))
        let sealed = try #require(joe.load()?.sealed)
        await #expect(throws: RosterError.self) {
            try await flow.setPolicy(DevicePolicy(switching: .open), pins: [:], handle: app.sessions.handle(for:))
        }
        #expect(try app.policy().switching == .pin)
        #expect(joe.load()?.sealed == sealed)
        // With the PIN, the session goes back under the device key.
        _ = try await flow.setPolicy(DevicePolicy(switching: .open), pins: [joe.id: "2468"], handle: app.sessions.handle(for:))
        #expect(try app.policy().switching == .open)
        #expect(joe.load()?.sealed?.kind.needsSecret == false)
    }
}
