import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Users added in bulk for load measurements are ordinary users: listed, and able to log in.
@Suite struct GeneratedUsersTests {
    @Test(arguments: StoreKind.allCases) func generatedUsersAreStoredAndLogIn(_ store: StoreKind) async throws {
        let t = try await TestServer.make(store: store)
        try await t.server.admin.addGeneratedUsers(appId: t.appId, first: 0, count: 250, password: "generated-password")
        try await t.server.admin.addGeneratedUsers(appId: t.appId, first: 250, count: 50, password: "generated-password")
        #expect(try await t.userCount() == 300)
        #expect(await t.emailLogin("generated-0@example.invalid", "generated-password").status == 200)
        #expect(await t.emailLogin("generated-299@example.invalid", "generated-password").status == 200)
        #expect(await t.emailLogin("generated-299@example.invalid", "another-password").status == 401)
        // Adding an email that exists changes nothing: the whole batch is refused.
        await #expect(throws: (any Error).self) {
            try await t.server.admin.addGeneratedUsers(appId: t.appId, first: 299, count: 2, password: "generated-password")
        }
        #expect(try await t.userCount() == 300)
    }
}
