import Foundation
import RosterWire
import Testing

@testable import RosterCore

@Suite("Identities")
struct IdentitiesTests {
    // BEHAVIOURS 36
    @Test
    func linkingAddsAnIdentityAndMakesAnAnonymousUserPermanent() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        try await app.emailPasswordAuth.registerUser(email: "ann@example.com", password: "an0ther-pass")
        let anonymous = try await app.login(credentials: .anonymous)
        try await anonymous.linkUser(credentials: .emailPassword(email: "ann@example.com", password: "an0ther-pass"))
        #expect(Set(anonymous.identities.compactMap(\.provider)) == [.anonymous, .emailPassword])
        #expect(!anonymous.isAnonymous)
        try await anonymous.logOut()
        #expect(anonymous.state == .loggedOut)
        let again = try await app.login(credentials: .emailPassword(email: "ann@example.com", password: "an0ther-pass"))
        #expect(again.id == anonymous.id)
    }

    // BEHAVIOURS 37
    @Test func linkingAnonymousCredentialsOrALoggedOutUserFailsClearly() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        fixture.transport.reset()
        let anonymous = await rosterError { try await joe.linkUser(credentials: .anonymous) }
        #expect(anonymous?.description.contains("anonymous credentials cannot be linked") == true)
        let anonymousNew = await rosterError { try await joe.linkUser(credentials: .anonymousNew) }
        #expect(anonymousNew != nil)
        #expect(fixture.transport.log.isEmpty)

        try await joe.logOut()
        let loggedOut = await rosterError { try await joe.linkUser(credentials: Fixture.emma) }
        #expect(loggedOut == .userLoggedOut("joe@example.com"))
        #expect(joe.identities.count == 1)
    }

    // BEHAVIOURS 38
    @Test func deletingOnTheServerRemovesFromTheDeviceAndTheCredentialsStopWorking() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let ann = Credentials.emailPassword(email: "ann@example.com", password: "an0ther-pass")
        try await app.emailPasswordAuth.registerUser(email: "ann@example.com", password: "an0ther-pass")
        let joe = try await app.login(credentials: Fixture.joe)
        let user = try await app.login(credentials: ann)
        let folder = fixture.directory.appendingPathComponent("users/\(user.id)")
        #expect(FileManager.default.fileExists(atPath: folder.path))

        try await user.delete()
        #expect(user.state == .removed)
        #expect(app.allUsers.map(\.id) == [joe.id])
        #expect(app.currentUser?.id == joe.id)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        #expect(try await fixture.server.admin.findUser(appId: fixture.appId, idOrEmail: user.id) == nil)
        // The history says the account was deleted, not only taken off the device.
        let last = try #require(try app.history(limit: 1).first)
        #expect(last.event == .deleted && last.event.rawValue == "delete" && last.userId == user.id, "\(last)")
        let again = await rosterError { try await app.login(credentials: ann) }
        #expect(again?.serverCode == .invalidPassword)
    }
}
