import Foundation
import RosterWire
import Testing

@testable import RosterCore

/// `PasswordCheck` on its own, against a real in-process server: the server's word on a
/// password, with the session that asking made ended at once.
@Suite("Password check")
struct PasswordCheckTests {
    @Test func aRightPasswordIsAcceptedAndTheSessionItMadeIsEnded() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let check = app.keys.passwordCheck
        #expect(try await check.check(email: "joe@example.com", password: "passw0rd") == .accepted)
        #expect(fixture.transport.count(.post, Route.login(appId: fixture.appId, provider: .emailPassword)) == 1)
        #expect(fixture.transport.count(.delete, Route.session) == 1)
        #expect(app.allUsers.isEmpty)
    }

    @Test func aWrongPasswordIsRefusedAndNothingIsLeftToEnd() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        #expect(try await app.keys.passwordCheck.check(email: "joe@example.com", password: "not-it") == .refused)
        #expect(fixture.transport.count(.delete, Route.session) == 0)
    }

    @Test func noServerIsUnreachableNotRefused() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        fixture.transport.offline = true
        #expect(try await app.keys.passwordCheck.check(email: "joe@example.com", password: "passw0rd") == .unreachable)
    }
}
