import Foundation
import RosterWire
import Testing

@testable import RosterCore

@Suite("Remove")
struct RemoveTests {
    // BEHAVIOURS 21
    @Test func removingRevokesAndDeletesEverythingTheDeviceHolds() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let refreshToken = try #require(joe.refreshToken)
        let folder = fixture.directory.appendingPathComponent("users/\(joe.id)")
        #expect(FileManager.default.fileExists(atPath: folder.path))
        try Data("cache".utf8).write(to: folder.appendingPathComponent("cache.json"))

        try await joe.remove()
        #expect(joe.state == .removed)
        #expect(app.allUsers.isEmpty)
        #expect(joe.customData == .emptyObject)
        #expect(joe.accessToken == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        #expect(await fixture.refreshStatus(refreshToken) == 401)
        let store = try SQLiteDeviceStore(directory: fixture.directory)
        #expect(try store.user(id: joe.id) == nil)
    }

    // BEHAVIOURS 22
    @Test func removingTheCurrentUserPicksTheMostRecentlyActive() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        fixture.clock.advance(by: 10)
        let emma = try await app.login(credentials: Fixture.emma)
        fixture.clock.advance(by: 10)
        let anonymous = try await app.login(credentials: .anonymous)
        fixture.clock.advance(by: 10)
        try app.switchUser(to: joe)
        fixture.clock.advance(by: 10)
        try app.switchUser(to: anonymous)  // anonymous, joe, emma
        try await anonymous.remove()
        #expect(app.currentUser?.id == joe.id)
        try await joe.remove()
        #expect(app.currentUser?.id == emma.id)
    }

    // BEHAVIOURS 23
    @Test func removingALoggedOutUserNeedsNoNetwork() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        try await joe.logOut()
        fixture.transport.offline = true
        fixture.transport.reset()
        try await joe.remove()
        #expect(joe.state == .removed)
        #expect(app.allUsers.isEmpty)
        #expect(fixture.transport.log.isEmpty)
    }

    // BEHAVIOURS 24
    @Test func removingTwiceFailsWithAlreadyRemoved() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        try await joe.remove()
        let error = await rosterError { try await joe.remove() }
        #expect(error?.description.contains("user has already been removed") == true)
    }

    // BEHAVIOURS 25
    @Test func logInAfterRemovalGivesAFreshEntryWithTheSameId() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        try await joe.remove()
        let again = try await app.login(credentials: Fixture.joe)
        #expect(again.id == joe.id)
        #expect(again !== joe)
        #expect(again.state == .loggedIn)
        #expect(joe.state == .removed)
        #expect(app.allUsers.map(\.id) == [joe.id])
        #expect(app.currentUser?.id == joe.id)
    }
}
