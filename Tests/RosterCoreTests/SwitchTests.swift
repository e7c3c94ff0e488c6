import Foundation
import RosterWire
import Testing

@testable import RosterCore

@Suite("Switch")
struct SwitchTests {
    // BEHAVIOURS 12
    @Test func switchingMakesCurrentWithoutTheServer() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        let emma = try await app.login(credentials: Fixture.emma)
        fixture.transport.offline = true
        fixture.transport.reset()
        try app.switchUser(to: joe)
        #expect(app.currentUser?.id == joe.id)
        #expect(joe.isCurrent && !emma.isCurrent)
        #expect(fixture.transport.log.isEmpty)
    }

    // BEHAVIOURS 13
    @Test func switchingToLoggedOutRemovedOrUnknownFailsAndKeepsCurrent() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let anonymous = try await app.login(credentials: .anonymousNew)
        let joe = try await app.login(credentials: Fixture.joe)
        let emma = try await app.login(credentials: Fixture.emma)
        try await joe.logOut()
        try await anonymous.remove()
        #expect(app.currentUser?.id == emma.id)

        #expect(throws: RosterError.userLoggedOut("joe@example.com")) { try app.switchUser(to: joe) }
        #expect(app.currentUser?.id == emma.id)
        let removed = #expect(throws: RosterError.self) { try app.switchUser(to: anonymous) }
        #expect(removed?.description.contains("removed") == true)
        #expect(app.currentUser?.id == emma.id)

        // A user of another device directory is unknown here.
        let elsewhere = try fixture.makeApp(directory: fixture.root.appendingPathComponent("other-device"))
        let stranger = try await elsewhere.login(credentials: .anonymousNew)
        #expect(throws: RosterError.userNotFound(stranger.id)) { try app.switchUser(to: stranger) }
        #expect(app.currentUser?.id == emma.id)
    }

    // BEHAVIOURS 14
    @Test func anyLoggedInUserCanBeMadeCurrentWithoutReauthenticating() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let users = [
            try await app.login(credentials: Fixture.joe),
            try await app.login(credentials: Fixture.emma),
            try await app.login(credentials: .anonymous),
        ]
        fixture.transport.offline = true
        fixture.transport.reset()
        for user in users + users.reversed() {
            try app.switchUser(to: user)
            #expect(app.currentUser?.id == user.id)
            #expect(users.filter(\.isCurrent).map(\.id) == [user.id])
        }
        #expect(fixture.transport.log.isEmpty)
    }
}
