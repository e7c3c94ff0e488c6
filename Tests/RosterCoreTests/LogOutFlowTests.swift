import Foundation
import RosterWire
import Testing

@testable import RosterCore

/// `LogOutFlow` and the `Revocations` it leaves to the server, against a real server
/// in-process: the device changes first, and what the server could not be told waits in the
/// queue until it can.
@Suite("Log-out flow")
struct LogOutFlowTests {
    // BEHAVIOURS 19, 48
    @Test func aLogOutTheServerMissedIsQueuedAndSentLater() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let refreshToken = try #require(joe.refreshToken)
        fixture.transport.offline = true

        let report = try await app.logOutFlow.logOut(joe)
        #expect(report.revocationError?.isNetwork == true)
        #expect(joe.state == .loggedOut)
        #expect(try app.store.pendingRevocations().count == 1)
        // Still offline: nothing is sent, nothing is dropped.
        #expect(await app.revocations.sendPending() == 0)
        #expect(try app.store.pendingRevocations().count == 1)
        #expect(await fixture.refreshStatus(refreshToken) == 200)

        fixture.transport.offline = false
        #expect(await app.revocations.sendPending() == 1)
        #expect(try app.store.pendingRevocations().isEmpty)
        #expect(await fixture.refreshStatus(refreshToken) == 401)
        #expect(try app.history().contains { $0.event == .revoked && $0.userId == joe.id })
    }

    // BEHAVIOURS 15
    @Test func aLogOutTheServerHeardQueuesNothing() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let refreshToken = try #require(joe.refreshToken)
        let report = try await app.logOutFlow.logOut(joe)
        #expect(report.revocationError == nil)
        #expect(try app.store.pendingRevocations().isEmpty)
        #expect(await fixture.refreshStatus(refreshToken) == 401)
        // A second log-out of the same user does nothing at all.
        fixture.transport.reset()
        #expect(try await app.logOutFlow.logOut(joe).revocationError == nil)
        #expect(fixture.transport.requests.isEmpty)
    }

    // BEHAVIOURS 17, 43
    @Test func someoneFollowsTheActiveUserOutOnlyUnderOpen() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let emma = try await app.login(credentials: Fixture.emma)
        let flow = app.logOutFlow
        #expect(try flow.choosesNextUser())

        try await app.setPolicy(DevicePolicy(switching: .pin), pins: [joe.id: "2468", emma.id: "1357"])
        #expect(try !flow.choosesNextUser())
        try await app.switchUser(to: emma, secret: "1357")
        _ = try await flow.logOut(emma)
        #expect(app.currentUser == nil)
        #expect(joe.state == .loggedIn)
    }

    // BEHAVIOURS 21
    @Test func removingAUserDeletesItsFiles() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let folder = app.environment.files.folder(of: joe.id)
        #expect(FileManager.default.fileExists(atPath: folder.path))
        try await app.logOutFlow.remove(joe)
        #expect(joe.state == .removed)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        await #expect(throws: RosterError.userRemoved(joe.displayName)) { try await app.logOutFlow.remove(joe) }
    }
}
