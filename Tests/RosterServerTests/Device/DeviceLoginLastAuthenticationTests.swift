import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// A device log-in is a log-in: the poll that opens the session stamps the user's last log-in
/// (the Admin API's `last_authentication_date`), the approval on the page does not.
@Suite struct DeviceLoginLastAuthenticationTests {
    @Test(arguments: StoreKind.allCases) func theDevicePollThatOpensTheSessionIsTheUsersLastLogIn(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let started = try await t.started()
        try await t.approveOnPage(started.userCode, email: "ann@example.com", password: "secret-12")
        t.clock.advance(by: 60)
        let answer = await t.devicePoll(started.deviceCode)
        #expect(answer.status == 200)
        let login = try answer.decoded(LoginResponse.self)
        let user = try #require(try await t.server.admin.findUser(appId: t.appId, idOrEmail: login.userId))
        #expect(user.lastAuthenticatedAt == Date(timeIntervalSince1970: t.clock.now.timeIntervalSince1970.rounded(.down)))
    }
}
