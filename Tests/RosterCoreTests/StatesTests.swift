import Foundation
import RosterWire
import Testing

@testable import RosterCore

@Suite("States")
struct StatesTests {
    // BEHAVIOURS 1
    @Test func loggedInHoldsTokensLoggedOutKeepsIdentityAndProfile() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        #expect(joe.state == .loggedIn)
        #expect(joe.accessToken != nil)
        #expect(joe.refreshToken != nil)
        let identities = joe.identities
        let deviceId = joe.deviceId
        #expect(!identities.isEmpty)
        #expect(joe.profile.email == "joe@example.com")

        try await joe.logOut()
        #expect(joe.state == .loggedOut)
        #expect(joe.accessToken == nil)
        #expect(joe.refreshToken == nil)
        #expect(joe.identities == identities)
        #expect(joe.deviceId == deviceId)
        #expect(joe.profile.email == "joe@example.com")
        #expect(app.allUsers.map(\.id) == [joe.id])
    }

    // BEHAVIOURS 2
    @Test func removedHandleStaysRemovedAndFailsClearly() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let emma = try await app.login(credentials: Fixture.emma)
        let joe = try await app.login(credentials: Fixture.joe)
        let identities = joe.identities
        try await joe.remove()
        #expect(joe.state == .removed)

        // The same user logging in again is a new entry; the old handle stays removed.
        let again = try await app.login(credentials: Fixture.joe)
        #expect(again.id == joe.id)
        #expect(again.state == .loggedIn)
        #expect(joe.state == .removed)
        #expect(joe.id == again.id)
        #expect(joe.identities == identities)
        #expect(joe.profile.email == "joe@example.com")
        #expect(joe.accessToken == nil)

        try app.switchUser(to: emma)
        let refresh = await rosterError { try await joe.refreshCustomData() }
        #expect(refresh?.description.contains("removed") == true)
        let link = await rosterError { try await joe.linkUser(credentials: .jwt("x.y.z")) }
        #expect(link.map { if case .userRemoved = $0 { true } else { false } } == true)
        let delete = await rosterError { try await joe.delete() }
        #expect(delete.map { if case .userRemoved = $0 { true } else { false } } == true)
        #expect(throws: RosterError.self) { try app.switchUser(to: joe) }
        #expect(app.currentUser?.id == emma.id)
        let report = try await joe.logOut()
        #expect(report.revocationError == nil)
        #expect(again.state == .loggedIn)
    }

    // BEHAVIOURS 3
    @Test func anonymousMeansExactlyOneAnonIdentity() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let anonymous = try await app.login(credentials: .anonymous)
        #expect(anonymous.isAnonymous)
        #expect(anonymous.identities.map(\.providerType) == [ProviderType.anonymous.rawValue])
        let joe = try await app.login(credentials: Fixture.joe)
        #expect(!joe.isAnonymous)
    }
}
