import Foundation
import RosterWire
import Testing

@testable import RosterCore

/// `DeviceLoginFlow` on its own: what a refused poll means (RFC 8628 §3.5), and a PIN checked
/// before the server is asked, against a real in-process server.
@Suite("Device log-in flow")
struct DeviceLoginFlowTests {
    static func refusal(_ json: String) -> WireResponse {
        WireResponse(status: 400, body: Data(json.utf8))
    }

    @Test func aRefusedPollSaysHowTheLogInStands() throws {
        let pending = try DeviceLoginFlow.pollState(of: Self.refusal(#"{"error": "authorization pending", "error_code": "AuthorizationPending"}"#), interval: 5)
        #expect(pending.isPending)
        let slower = try DeviceLoginFlow.pollState(of: Self.refusal(#"{"error": "slow_down", "interval": 12}"#), interval: 5)
        guard case .slowDown(let interval) = slower else { Issue.record("not a slow-down: \(slower)"); return }
        #expect(interval == 12)
        // Without the server's interval, five seconds more than the last (RFC 8628 §3.5).
        guard case .slowDown(let guessed) = try DeviceLoginFlow.pollState(of: Self.refusal(#"{"error": "slow_down"}"#), interval: 5) else {
            Issue.record("not a slow-down")
            return
        }
        #expect(guessed == 10)
        #expect(try DeviceLoginFlow.pollState(of: Self.refusal(#"{"error": "expired_token"}"#), interval: 5).isExpired)
        #expect(try DeviceLoginFlow.pollState(of: Self.refusal(#"{"error": "x", "error_code": "AccessDenied"}"#), interval: 5).isDenied)
        // Anything else is an error, not a state.
        #expect(throws: RosterError.self) { try DeviceLoginFlow.pollState(of: Self.refusal(#"{"error": "who knows"}"#), interval: 5) }
        #expect(throws: RosterError.self) { try DeviceLoginFlow.pollState(of: WireResponse(status: 500, body: Data()), interval: 5) }
    }

    // BEHAVIOURS 44
    @Test func underAPINPolicyAStartWithABadPINNeverReachesTheServerAndOneWithoutWaitsForTheApproval() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        _ = try await app.setPolicy(DevicePolicy(switching: .pin))
        let flow = app.deviceLoginFlow
        let start = DeviceLoginRoute.start(appId: fixture.appId)
        await #expect(throws: RosterError.self) { try await flow.start(terminal: "lab-3", secret: "12") }
        #expect(fixture.transport.count(.post, start) == 0)
        // The PIN is asked once the phone approved (who signed in decides which PIN it is).
        let waiting = try await flow.start(terminal: "lab-3", secret: nil)
        #expect(fixture.transport.count(.post, start) == 1)
        #expect(!waiting.userCode.isEmpty)
        let login = try await flow.start(terminal: "lab-3", secret: "2468")
        #expect(fixture.transport.count(.post, start) == 2)
        #expect(login.linkingUserId == nil && !login.userCode.isEmpty)
    }
}
